import { opensWithEsm } from '../markdown/mdxPreamble.js';

/**
 * Which notes are MDX. By default ('detect'): every `.mdx` file, and a `.md` one whose body opens with
 * `import`/`export` statements, as Docusaurus 2 (the reference) read those; any other `.md` stays CommonMark, which
 * never fails to parse. A site may say 'mdx' (every note, as Docusaurus 3 does by default) or 'md' (none).
 */
export function isMdxNote(
  note: { readonly sourcePath: string; readonly body: string },
  format: MarkdownFormat = 'detect',
): boolean {
  if (format === 'md') return false;
  if (/\.mdx$/i.test(note.sourcePath) || format === 'mdx') return true;
  return /\.md$/i.test(note.sourcePath) && opensWithEsm(note.body);
}

/** `markdown.format` in the config (see its schema). */
export type MarkdownFormat = 'detect' | 'mdx' | 'md';
