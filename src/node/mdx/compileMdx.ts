/**
 * One MDX (or imported `.md`) file to an ES module with @mdx-js/mdx, the compiler Docusaurus uses, with the
 * engine's remark plugin and the plugins Docusaurus's MDX has: GFM, directives (admonitions) and math.
 */
import { compile } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { remarkWiki, type RemarkWikiOptions } from './remarkWiki.js';

export interface CompileMdxInput {
  readonly filePath: string;
  /** The source with its front matter blanked out (so lines stay the file's). */
  readonly source: string;
  /** `md` for a `.md` partial: CommonMark (raw HTML allowed), no JSX. */
  readonly format: 'md' | 'mdx';
}

/** The module's JavaScript; throws the compiler's message (with `line` and `column`) when the file does not compile. */
export async function compileMdx(input: CompileMdxInput, options: RemarkWikiOptions): Promise<string> {
  const file = await compile(
    { value: preprocessMdx(input.source), path: input.filePath },
    {
      format: input.format,
      outputFormat: 'program',
      jsxImportSource: 'react',
      remarkPlugins: [remarkGfm, remarkDirective, remarkMath, [remarkWiki, options]],
    },
  );
  return String(file.value);
}

/**
 * Docusaurus's rewrites before MDX parses, outside code fences: `## Title {#id}` (an expression to MDX) escaped to
 * text, Docusaurus 2's `:::tip Title` written as `:::tip[Title]` (the directive syntax), and HTML comments, which
 * MDX 3 rejects, made MDX comments (Docusaurus's `mdx1Compat`).
 */
export function preprocessMdx(source: string): string {
  return rewriteOutsideFences(source.includes('<!--') ? commentsToMdx(source) : source);
}

// Stands for a fenced line while comments are rewritten: a private-use character no note is expected to hold.
const FENCE_MARK = '\uE000';

function commentsToMdx(source: string): string {
  let fence: string | undefined;
  const kept: string[] = [];
  // Fenced code keeps its comments: they are code.
  const protectedSource = source
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length)))
        fence = fence ? undefined : marker;
      else if (!fence) return line;
      kept.push(line);
      return `${FENCE_MARK}${kept.length - 1}${FENCE_MARK}`;
    })
    .join('\n');
  return protectedSource
    .replace(/<!--([^]*?)-->/g, (_match, text: string) => `{/*${text.replaceAll('*/', '* /')}*/}`)
    .replace(new RegExp(`${FENCE_MARK}(\\d+)${FENCE_MARK}`, 'g'), (_match, index: string) => kept[Number(index)]!);
}

function rewriteOutsideFences(source: string): string {
  let fence: string | undefined;
  return source
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker;
        return line;
      }
      if (fence) return line;
      if (/^\s{0,3}#{1,6}\s/.test(line)) return line.replace(/\{#([^}\s]+)\}\s*$/, '\\{#$1\\}');
      return line.replace(/^(\s*:{3,}[a-z]+)[ \t]+(\S.*?)\s*$/, '$1[$2]');
    })
    .join('\n');
}
