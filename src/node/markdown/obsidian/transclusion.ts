import GithubSlugger, { slug } from 'github-slugger';
import type MarkdownIt from 'markdown-it';
import type { SourcePath } from '../../../shared/paths.js';
import type { NoteEnv } from '../noteEnv.js';

/** How deep notes may be transcluded into each other (a loop stops sooner). */
export const MAX_TRANSCLUSION_DEPTH = 4;

/** A part of a note's Markdown and the line (0-based, in the body) it starts at. */
export interface Section {
  readonly text: string;
  readonly line: number;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The part of a note a fragment names: a heading's section (the heading and what follows, up to the next heading of
 * its level or above; matched by slug, so case and the slug form both match) or a block (`^id`: its paragraph).
 */
export function extractSection(body: string, fragment: string): Section | undefined {
  const lines = body.split('\n');
  if (fragment.startsWith('^')) return extractBlock(lines, fragment.slice(1));
  const wanted = slug(fragment);
  let fence = '';
  let start = -1;
  let level = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMark = FENCE.exec(line)?.[1] ?? '';
    if (fence !== '') {
      if (fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = '';
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    const heading = HEADING.exec(line);
    if (!heading) continue;
    if (start !== -1 && heading[1]!.length <= level) return { text: lines.slice(start, index).join('\n'), line: start };
    if (start === -1 && slug(heading[2]!) === wanted) [start, level] = [index, heading[1]!.length];
  }
  return start === -1 ? undefined : { text: lines.slice(start).join('\n'), line: start };
}

function extractBlock(lines: readonly string[], id: string): Section | undefined {
  const marker = new RegExp(`\\s\\^${id.replace(/[^\w-]/g, '')}\\s*$`);
  const end = lines.findIndex((line) => marker.test(line));
  if (end === -1) return undefined;
  let start = end;
  while (start > 0 && lines[start - 1]!.trim() !== '') start--;
  return { text: lines.slice(start, end + 1).join('\n'), line: start };
}

/** Whether embedding `target` into the note `env` renders would loop or nest too deep. */
export function isTransclusionLoop(env: NoteEnv, target: SourcePath): boolean {
  const stack = env.transclusion?.stack ?? [env.sourcePath];
  return stack.includes(target) || stack.length >= MAX_TRANSCLUSION_DEPTH;
}

/**
 * A note's Markdown (or a section of it) rendered for the page of the note `env` renders: with its own headings and
 * links (checked where that note is rendered), heading ids removed (they would repeat the target page's).
 */
export function renderTransclusion(
  md: MarkdownIt,
  env: NoteEnv,
  input: {
    readonly sourcePath: SourcePath;
    readonly section: Section;
    readonly lineOffset: number;
    /** The embed's line and source, in the note `env` renders. */
    readonly line: number;
    readonly embed: string;
  },
): string {
  const root = env.transclusion?.root ?? env;
  const inner: NoteEnv = {
    sourcePath: input.sourcePath,
    lineOffset: input.lineOffset + input.section.line,
    slugger: new GithubSlugger(),
    resolveLink: env.resolveLink,
    headings: [],
    links: [],
    htmlIds: [],
    obsidian: env.obsidian,
    inlineTags: [],
    transclusion: {
      stack: [...(env.transclusion?.stack ?? [env.sourcePath]), input.sourcePath],
      root,
      line: env.transclusion?.line ?? input.line,
      embed: env.transclusion?.embed ?? input.embed,
    },
  };
  const html = md.renderer.render(md.parse(input.section.text, inner), md.options, inner);
  if (inner.usesMath) root.usesMath = true;
  if (inner.usesMermaid) root.usesMermaid = true;
  return html
    .replace(/<a href="#[^"]*" class="hash-link"[^>]*>\u200B<\/a>/g, '')
    .replace(/(<h[1-6]) id="[^"]*"/g, '$1');
}
