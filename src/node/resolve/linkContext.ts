/**
 * The sentence around a link of a note's Markdown, as plain text: what a backlink shows of the note that links.
 * Read from the source (no rendering), so Markdown marks are stripped by hand; good enough for a line of context.
 */

/** How long a context may be; a longer sentence is cut around the link. */
export const MAX_CONTEXT_CHARS = 200;

// A line that starts a block of its own: list item, heading, quote, table row, fence, thematic break, admonition.
const BLOCK_START = /^[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$)|>|\||```|~~~|:::|[-*_]{3,}[ \t]*$)/;
// A block start whose following lines continue it without a marker (lazy continuation).
const CONTINUED = /^[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>)/;
// Where a sentence ends: after . ! or ? (and closing marks), before spaces.
const SENTENCE_END = /[.!?]["')\]*_]*\s+/g;

/** The sentence of `body` that holds the link at [start, end), as plain text of at most MAX_CONTEXT_CHARS. */
export function extractLinkContext(body: string, start: number, end: number): string {
  const [blockStart, blockEnd] = blockAround(body, start, end);
  const block = body.slice(blockStart, blockEnd);
  const [sentenceStart, sentenceEnd] = sentenceAround(block, start - blockStart, end - blockStart);
  const before = toPlainText(block.slice(sentenceStart, start - blockStart));
  const link = toPlainText(block.slice(start - blockStart, end - blockStart));
  const after = toPlainText(block.slice(end - blockStart, sentenceEnd));
  return fitAround(before, link, after, MAX_CONTEXT_CHARS);
}

/** The lines of the block (paragraph, list item, heading...) that holds [start, end). */
function blockAround(body: string, start: number, end: number): [number, number] {
  let from = lineStart(body, start);
  while (from > 0 && !BLOCK_START.test(lineAt(body, from))) {
    const previous = lineStart(body, from - 1);
    const line = lineAt(body, previous);
    if (line.trim() === '' || (BLOCK_START.test(line) && !CONTINUED.test(line))) break;
    from = previous; // a line of the same paragraph, or the list item or quote it continues
  }
  let to = body.indexOf('\n', end);
  while (to !== -1) {
    const line = lineAt(body, to + 1);
    if (line.trim() === '' || BLOCK_START.test(line)) break;
    to = body.indexOf('\n', to + 1);
  }
  return [from, to === -1 ? body.length : to];
}

// lastIndexOf reads a negative index as 0: a body that opens with a line end would never reach 0.
const lineStart = (body: string, index: number) => (index <= 0 ? 0 : body.lastIndexOf('\n', index - 1) + 1);

function lineAt(body: string, from: number): string {
  const end = body.indexOf('\n', from);
  return body.slice(from, end === -1 ? undefined : end);
}

/** The sentence of `block` that holds [start, end): from the end of the sentence before to the end of its own. */
function sentenceAround(block: string, start: number, end: number): [number, number] {
  let from = 0;
  let to = block.length;
  for (const match of block.matchAll(SENTENCE_END)) {
    const boundary = match.index + match[0].length;
    if (boundary <= start) from = boundary;
    else if (match.index >= end) {
      to = match.index + match[0].trimEnd().length;
      break;
    }
  }
  return [from, to];
}

/**
 * Markdown inline source as the text a reader sees: links as their text, marks and block markers removed. Each
 * replacement runs only when the text has the character it needs: most of a sentence around a link is plain words, and
 * this runs three times for every link of the site.
 */
export function toPlainText(markdown: string): string {
  let text = markdown;
  if (text.includes('[')) {
    text = text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/!?\[\[([^[\]|]+?)(?:\|([^[\]]*))?\]\]/g, (_match, target: string, alias?: string) =>
        (alias ?? target.replace(/#\^?/, ' ')).trim(),
      )
      .replace(/\[([^[\]]*)\](?:\([^)]*\)|\[[^\]]*\])?/g, '$1');
  }
  if (text.includes('<')) text = text.replace(/<[^>\n]*>/g, '');
  if (text.includes('{#')) text = text.replace(/\{#[^}]*\}/g, '');
  text = text.replace(/^[ \t]*(?:>[ \t]?)*(?:[-*+][ \t]+|\d{1,9}[.)][ \t]+|#{1,6}[ \t]+)?(?:\[[ xX]\][ \t]+)?/gm, '');
  if (text.includes('|')) text = text.replace(/\|/g, ' ');
  if (MARKS.test(text)) {
    text = text.replace(/`+|\*\*|__|~~|==/g, '').replace(/(^|[\s(])[*_]+|[*_]+(?=[\s).,;:!?]|$)/g, '$1');
  }
  if (text.includes('\\')) text = text.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
  return text.replace(/\s+/g, ' ').trim();
}

// The characters of code spans, emphasis, strikethrough and highlights.
const MARKS = /[`*_~=]/;

/** Joins the three parts, cutting words off both ends (marked "…") so the link stays in view within `max` characters. */
function fitAround(before: string, link: string, after: string, max: number): string {
  // Parts are trimmed: a space goes between them, but not before closing punctuation ("see B." not "see B .").
  const join = (a: string, b: string) => (a && b ? `${a}${/^[.,;:!?)\]]/.test(b) ? '' : ' '}${b}` : a || b);
  const whole = join(join(before, link), after);
  if (whole.length <= max) return whole;
  const room = Math.max(0, max - link.length - 2);
  let head = before.length > room / 2 ? before.slice(before.length - Math.floor(room / 2)) : before;
  let tail = after.slice(0, room - head.length);
  if (head !== before) head = `…${head.replace(/^\S*\s/, '')}`;
  if (tail !== after) tail = `${tail.replace(/\s\S*$/, '')}…`;
  return join(join(head, link), tail).slice(0, max + 2);
}
