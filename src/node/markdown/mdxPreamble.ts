/**
 * What MDX allows before a note's content that prints nothing: ESM `import`/`export` statements, `{/* ... *\/}`
 * comments and `<!-- ... -->` comments. Docusaurus takes the title from the first heading after them, and Docusaurus 2
 * (and 3's default `markdown.format: 'mdx'`) never shows them, so the summariser and the Markdown renderer skip them.
 */

// An ESM statement as MDX's parser sees one: `import` or `export` at a line start, up to the next blank line.
const ESM_START =
  /^(?:import(?=[\s{*'"])|export(?=\s+(?:const|let|var|function|class|default|async|type|interface)\b|\s*[{*]))/;
// `import x from 'y'`, `import {a,\n b} from "y"`, `import 'y'`: the source string is what sets it apart from prose.
const IMPORT_SOURCE = /(?:\bfrom\s*|^import\s*)(['"])[^'"\n]+\1/;
const BLANK_LINE = /\n[ \t]*(?:\n|$)/g;

/** The offset in `body` where its content starts: past leading whitespace, ESM statements and comments. */
export function skipMdxPreamble(body: string): number {
  let offset = 0;
  for (;;) {
    const start = offset + (/^\s*/.exec(body.slice(offset, offset + 10_000))?.[0].length ?? 0);
    const end = preambleItemEnd(body, start);
    if (end === undefined) return offset === 0 ? 0 : start;
    offset = end;
  }
}

/** Whether the body's first statement, past whitespace and comments, is an `import` or `export`. */
export function opensWithEsm(body: string): boolean {
  let offset = 0;
  for (;;) {
    const start = offset + (/^\s*/.exec(body.slice(offset, offset + 10_000))?.[0].length ?? 0);
    if (!body.startsWith('{/*', start) && !body.startsWith('<!--', start))
      return preambleItemEnd(body, start) !== undefined;
    const end = preambleItemEnd(body, start);
    if (end === undefined) return false;
    offset = end;
  }
}

/** The end of the ESM statement or comment at `start`, or undefined when none starts there. */
function preambleItemEnd(body: string, start: number): number | undefined {
  if (body.startsWith('{/*', start)) return closingEnd(body, start, /\*\/\s*\}/g);
  if (body.startsWith('<!--', start)) return closingEnd(body, start, /-->/g);
  const head = body.slice(start, start + 12);
  if (!ESM_START.test(head)) return undefined;
  BLANK_LINE.lastIndex = start;
  const blank = BLANK_LINE.exec(body);
  const end = blank ? blank.index : body.length;
  const statement = body.slice(start, end);
  if (statement.startsWith('import') && !IMPORT_SOURCE.test(statement)) return undefined;
  return end;
}

// The end of the first match of `closing` (a /g expression) after `start`, or undefined for a comment never closed.
function closingEnd(body: string, start: number, closing: RegExp): number | undefined {
  closing.lastIndex = start;
  const match = closing.exec(body);
  return match ? match.index + match[0].length : undefined;
}
