import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

/**
 * `%%comment%%`, removed: inline (within a paragraph, over line ends too) and as blocks (a `%%` line up to the next
 * line that ends with `%%`, or the note's end, as Obsidian hides an unclosed comment).
 */
export function commentsPlugin(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'obsidian_comment', blockComment, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.inline.ruler.before('text', 'obsidian_comment', inlineComment);
}

function blockComment(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.src.charCodeAt(start) !== 0x25 /* % */ || state.src.charCodeAt(start + 1) !== 0x25) return false;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const first = lineText(state, startLine);
  // A one-line `%% text %% more` is an inline comment in a paragraph; a `%% text %%` line is a block.
  const closesOnFirst = first.length > 2 && first.indexOf('%%', 2) !== -1;
  if (closesOnFirst && !first.trimEnd().endsWith('%%')) return false;
  if (silent) return true;
  let line = startLine;
  if (!closesOnFirst || first.trimEnd().length < 4) {
    for (line = startLine + 1; line < endLine; line++) if (lineText(state, line).trimEnd().endsWith('%%')) break;
  }
  state.line = Math.min(line + 1, endLine);
  return true;
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
}

function inlineComment(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x25 /* % */ || src.charCodeAt(pos + 1) !== 0x25) return false;
  const end = src.indexOf('%%', pos + 2);
  if (end === -1 || end >= state.posMax) return false;
  if (!silent) state.pending = state.pending.replace(/[ \t]+$/, ''); // `a %%x%% b` reads "a b"
  state.pos = end + 2;
  return true;
}

/** `==highlight==` -> `<mark>`, its inside parsed as Markdown (no spaces just inside the markers, as Obsidian). */
export function highlightPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'obsidian_highlight', (state, silent) => {
    const { src, pos } = state;
    if (src.charCodeAt(pos) !== 0x3d /* = */ || src.charCodeAt(pos + 1) !== 0x3d) return false;
    if (src.charCodeAt(pos + 2) === 0x3d || /\s/.test(src[pos + 2] ?? ' ')) return false;
    const end = findClosing(src, pos + 2, state.posMax);
    if (end === -1) return false;
    if (!silent) {
      state.push('mark_open', 'mark', 1);
      const posMax = state.posMax;
      state.pos = pos + 2;
      state.posMax = end;
      state.md.inline.tokenize(state);
      state.posMax = posMax;
      state.push('mark_close', 'mark', -1);
    }
    state.pos = end + 2;
    return true;
  });
}

/** The next `==` after `from` with no space before it, outside code spans; -1 when none. */
function findClosing(src: string, from: number, max: number): number {
  for (let index = from; index < max - 1; index++) {
    const char = src.charCodeAt(index);
    if (char === 0x60 /* ` */) {
      const ticks = /^`+/.exec(src.slice(index))![0];
      const close = src.indexOf(ticks, index + ticks.length);
      if (close === -1 || close >= max) return -1;
      index = close + ticks.length - 1;
    } else if (char === 0x3d && src.charCodeAt(index + 1) === 0x3d && !/\s/.test(src[index - 1]!)) return index;
  }
  return -1;
}
