import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type katexModule from 'katex';
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import { engineRoot } from '../engineRoot.js';
import type { NoteEnv } from './noteEnv.js';

const requireHere = createRequire(import.meta.url);

/**
 * KaTeX, loaded by the first note with math rather than by every build: it is half a megabyte of JavaScript, and most
 * sites, and most incremental builds, render no math (require's own cache keeps it once loaded).
 */
function katex(): typeof katexModule {
  return requireHere('katex') as typeof katexModule;
}

/** TeX -> KaTeX HTML (with MathML for screen readers); an error shows as KaTeX's red source text, never a failed build. */
export function renderMath(tex: string, displayMode: boolean): string {
  // strict: 'ignore' keeps KaTeX from printing a console warning per Unicode character in math mode.
  return katex().renderToString(tex, { displayMode, throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' });
}

/** Display math as a block of its own. */
export function renderDisplayMath(tex: string): string {
  return `<div class="math math-display">${renderMath(tex.trim(), true)}</div>\n`;
}

/**
 * `$...$` inline and `$$...$$` display math, rendered at build time. A small rule of our own rather than
 * markdown-it-texmath or @vscode/markdown-it-katex: the dollar rule is the part that must be exactly right for notes
 * full of prices and shell variables (Pandoc's: `$` then no space opens, no space then `$` not before a digit closes),
 * and neither plugin lets us pin that nor record, per note, that it holds math (KaTeX's CSS only on such pages).
 */
export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx) => renderMath(tokens[idx]!.content, tokens[idx]!.markup === '$$');
  md.renderer.rules.math_block = (tokens, idx) => renderDisplayMath(tokens[idx]!.content);
}

const DOLLAR = 0x24;

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== DOLLAR) return false;
  const display = src.charCodeAt(pos + 1) === DOLLAR;
  const end = display ? findDisplayEnd(src, pos + 2, state.posMax) : findInlineEnd(src, pos, state.posMax);
  if (end === undefined) return false;
  const delimiter = display ? '$$' : '$';
  if (!silent) {
    const token = state.push('math_inline', 'math', 0);
    token.content = src.slice(pos + delimiter.length, end);
    token.markup = delimiter;
    (state.env as NoteEnv).usesMath = true;
  }
  state.pos = end + delimiter.length;
  return true;
}

// `$$...$$` within a line: the first `$$` after some content.
function findDisplayEnd(src: string, from: number, max: number): number | undefined {
  const end = src.indexOf('$$', from);
  return end > from && end + 2 <= max && src.slice(from, end).trim() !== '' ? end : undefined;
}

// Pandoc's rule: the opening `$` is followed by no space (and is no digit's suffix, as in `5$`); the closing one
// follows no space and precedes no digit. As in remark-math, the first unescaped `$` after the opening one is the only
// candidate to close it: "costs $5 and $10" holds no math, and "$5 or $x$" holds `x` only.
function findInlineEnd(src: string, open: number, max: number): number | undefined {
  const first = src[open + 1];
  if (first === undefined || open + 1 >= max || /\s/.test(first) || /\d/.test(src[open - 1] ?? '')) return undefined;
  let end = src.indexOf('$', open + 1);
  while (end !== -1 && src[end - 1] === '\\') end = src.indexOf('$', end + 1);
  if (end === -1 || end >= max || /\s/.test(src[end - 1]!) || /\d/.test(src[end + 1] ?? '')) return undefined;
  // A `$` in a link's text and another in its URL (`[$@](https://x/$@)`) would otherwise become one span of both.
  return src.slice(open, end).includes('](') ? undefined : end;
}

/** `$$` at a line's start, up to a line that ends with `$$` (or `$$ tex $$` on one line). */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const first = lineText(startLine);
  if (!first.startsWith('$$')) return false;
  const firstRest = first.slice(2).trimEnd();
  let content: string;
  let last = startLine;
  if (firstRest.endsWith('$$') && firstRest.length > 2) content = firstRest.slice(0, -2);
  else {
    if (firstRest.includes('$$')) return false;
    const lines = [firstRest];
    for (last = startLine + 1; last < endLine; last++) {
      const text = lineText(last).trimEnd();
      if (state.sCount[last]! < state.blkIndent) return false;
      if (text.endsWith('$$')) break;
      lines.push(text);
    }
    if (last >= endLine) return false;
    lines.push(lineText(last).trimEnd().slice(0, -2));
    content = lines.join('\n');
  }
  if (content.trim() === '') return false;
  if (silent) return true;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = content.trim();
  token.map = [startLine, last + 1];
  token.markup = '$$';
  (state.env as NoteEnv).usesMath = true;
  state.line = last + 1;
  return true;
}

/** KaTeX's stylesheet and fonts, source file -> path in the output, for a site whose notes hold math. */
export function katexAssetCopies(): Map<string, string> {
  const dist = path.join(engineRoot, 'node_modules', 'katex', 'dist');
  const copies = new Map<string, string>([[path.join(dist, 'katex.min.css'), `${KATEX_OUTPUT}/katex.min.css`]]);
  for (const font of fs.readdirSync(path.join(dist, 'fonts')))
    copies.set(path.join(dist, 'fonts', font), `${KATEX_OUTPUT}/fonts/${font}`);
  return copies;
}

/** Where KaTeX's files go in the output (site-relative). */
export const KATEX_OUTPUT = 'assets/katex';
