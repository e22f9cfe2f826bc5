/** The parts of Obsidian's link syntax, read from text (no Markdown parsing). */

/** `[[path#fragment|alias]]`, as written (trimmed). */
export interface WikilinkParts {
  /** The note or file named, '' for a link into the same note (`[[#Heading]]`). */
  readonly path: string;
  /** The heading (`Heading`, the last of `A#B`) or block (`^id`) it points into. */
  readonly fragment?: string;
  readonly alias?: string;
}

/**
 * The parts of a wikilink's inside (between `[[` and `]]`). `\|` is a pipe: inside a table cell the pipe must be
 * escaped. Spaces around the pipe and the `#` are dropped, as Obsidian drops them.
 */
export function parseWikilink(inner: string): WikilinkParts {
  const text = inner.replace(/\\\|/g, '|');
  const pipe = text.indexOf('|');
  const target = pipe === -1 ? text : text.slice(0, pipe);
  const alias = pipe === -1 ? '' : text.slice(pipe + 1).trim();
  const hash = target.indexOf('#');
  const path = (hash === -1 ? target : target.slice(0, hash)).trim();
  const fragment =
    hash === -1
      ? ''
      : (
          target
            .slice(hash + 1)
            .split('#')
            .pop() ?? ''
        ).trim();
  return { path, ...(fragment && { fragment }), ...(alias && { alias }) };
}

/** The text Obsidian shows for a wikilink without alias: `Note`, `Note > Heading`, or `Heading` in the same note. */
export function wikilinkText(parts: WikilinkParts): string {
  if (parts.alias !== undefined) return parts.alias;
  if (parts.fragment === undefined) return parts.path;
  return parts.path === '' ? parts.fragment : `${parts.path} > ${parts.fragment}`;
}

/** An embed's `|300`, `|300x200` (width and height in pixels) or `|alt text`. */
export interface EmbedOptions {
  readonly width?: number;
  readonly height?: number;
  readonly alt?: string;
}

const SIZE = /^(\d+)(?:x(\d+))?$/;

/** The options after an embed's pipe (`![[image.png|alt|300]]`: the last size wins, the rest is alt text). */
export function parseEmbedOptions(alias: string | undefined): EmbedOptions {
  if (alias === undefined) return {};
  const alt: string[] = [];
  let size: { width?: number; height?: number } = {};
  for (const part of alias.split('|').map((piece) => piece.trim())) {
    const match = SIZE.exec(part);
    if (match) size = { width: Number(match[1]), ...(match[2] !== undefined && { height: Number(match[2]) }) };
    else if (part !== '') alt.push(part);
  }
  return { ...size, ...(alt.length > 0 && { alt: alt.join(' ') }) };
}

/** How an embedded file is shown, by its extension. */
export type EmbedKind = 'image' | 'audio' | 'video' | 'pdf' | 'note' | 'file';

const KINDS: ReadonlyMap<string, EmbedKind> = new Map([
  ...['png', 'jpg', 'jpeg', 'gif', 'bmp', 'svg', 'webp', 'avif'].map((ext) => [ext, 'image'] as const),
  ...['mp3', 'wav', 'm4a', 'ogg', '3gp', 'flac', 'webm-audio'].map((ext) => [ext, 'audio'] as const),
  ...['mp4', 'webm', 'ogv', 'mov', 'mkv'].map((ext) => [ext, 'video'] as const),
  ['pdf', 'pdf'],
  ['md', 'note'],
  ['mdx', 'note'],
]);

/** The kind of an embed target by its file name: a name without extension is a note. */
export function embedKind(fileName: string): EmbedKind {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1 || dot < fileName.lastIndexOf('/')) return 'note';
  return KINDS.get(fileName.slice(dot + 1).toLowerCase()) ?? 'file';
}

/**
 * A wikilink or embed in running text: `[[...]]` or `![[...]]` with no bracket or line end inside (so Markdown's
 * `[[label](url)]` is none).
 */
export const WIKILINK_PATTERN = /(!?)\[\[([^[\]\n]+)\]\]/g;

/** An excerpt (a line of Markdown made plain) without Obsidian's syntax: embeds and comments gone, links as their text. */
export function cleanObsidianExcerpt(text: string): string {
  return text
    .replace(/!\[\[[^[\]\n]*\]\]/g, '')
    .replace(/\[\[([^[\]\n]+)\]\]/g, (_match, inner: string) => wikilinkText(parseWikilink(inner)))
    .replace(/%%.*?%%/g, '')
    .replace(/==(\S(?:.*?\S)?)==/g, '$1')
    .replace(/^\[![^\]\s]+\][+-]?\s*/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
