import path from 'node:path';
import { slug } from 'github-slugger';
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import type { NoteEnv, ResolvedLink } from '../noteEnv.js';
import { renderEmbed, type EmbedView } from './embeds.js';
import { parseWikilink, wikilinkText, type WikilinkParts } from './syntax.js';
import { extractSection, isTransclusionLoop, renderTransclusion } from './transclusion.js';

interface WikilinkMeta {
  readonly wikilink: WikilinkParts;
  /** The source as written (`[[Note|alias]]`), what messages name. */
  readonly raw: string;
}

/**
 * `[[Note]]`, `[[Note#Heading|alias]]` and `![[embed]]`: parsed here, resolved once the note's tokens exist (through
 * the build's wikilink index, then the link resolver, so each is a LinkRecord like a Markdown link). Without an index
 * in the note's env (a caller that has none) they stay text.
 */
export function wikilinksPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'obsidian_wikilink', parseWikilinkToken);
  md.core.ruler.push('obsidian_wikilinks', (state) => resolveWikilinks(md, state));
  md.renderer.rules.obsidian_embed = (tokens, idx) => renderEmbed(tokens[idx]!.meta as EmbedView);
}

function parseWikilinkToken(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  const embed = src.charCodeAt(pos) === 0x21; /* ! */
  const start = embed ? pos + 1 : pos;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5b /* [[ */) return false;
  if (!(state.env as NoteEnv).obsidian || (!embed && (state as StateInline & { linkLevel: number }).linkLevel > 0))
    return false;
  const end = src.indexOf(']]', start + 2);
  if (end === -1 || end + 2 > state.posMax) return false;
  const inner = src.slice(start + 2, end);
  if (inner.trim() === '' || /[[\]\n]/.test(inner)) return false;
  if (!silent) {
    const meta: WikilinkMeta = { wikilink: parseWikilink(inner), raw: src.slice(pos, end + 2) };
    if (embed) state.push('obsidian_embed', '', 0).meta = meta;
    else {
      state.push('link_open', 'a', 1).meta = meta;
      state.push('text', '', 0).content = wikilinkText(meta.wikilink);
      state.push('link_close', 'a', -1);
    }
  }
  state.pos = end + 2;
  return true;
}

/** Every wikilink and embed of the note resolved and recorded, with the line it is on. */
function resolveWikilinks(md: MarkdownIt, state: StateCore): void {
  const env = state.env as NoteEnv;
  if (!env.obsidian || !state.src.includes('[[')) return;
  let blockLine = 0; // table cells carry no line map: use the row's
  const tokens = state.tokens;
  for (let b = 0; b < tokens.length; b++) {
    const block = tokens[b]!;
    if (block.map) blockLine = block.map[0];
    if (block.type !== 'inline' || !block.children) continue;
    let line = env.lineOffset + blockLine + 1;
    const children = block.children;
    for (let i = 0; i < children.length; i++) {
      const token = children[i]!;
      if (token.type === 'softbreak' || token.type === 'hardbreak') line++;
      const meta = token.meta as WikilinkMeta | null;
      if (!meta?.wikilink) continue;
      if (token.type === 'link_open') resolveLinkToken(env, children, i, line);
      else if (token.type === 'obsidian_embed') token.meta = resolveEmbed(md, env, meta, line);
    }
    b += placeBlockEmbeds(state, b);
  }
}

/**
 * A transclusion is a block (a quote holding the note): a paragraph that holds only one prints no `<p>`, and one in
 * the middle of a paragraph closes it and opens another after it, as `<p>` may hold no block (browsers would close
 * it themselves, leaving the rest of its text outside any paragraph). Returns how many tokens were added.
 */
function placeBlockEmbeds(state: StateCore, inlineIndex: number): number {
  const { tokens } = state;
  const inline = tokens[inlineIndex]!;
  const open = tokens[inlineIndex - 1];
  const close = tokens[inlineIndex + 1];
  const children = inline.children!;
  const isBlock = (child: Token) => child.type === 'obsidian_embed' && (child.meta as EmbedView).block === true;
  if (!children.some(isBlock) || open?.type !== 'paragraph_open' || close?.type !== 'paragraph_close') return 0;
  if (open.hidden) return 0; // a tight list's item: <li> may hold a block
  const parts: Token[][] = [[]];
  for (const child of children) {
    if (isBlock(child)) parts.push([child], []);
    else parts.at(-1)!.push(child);
  }
  const placed: Token[] = [];
  for (const part of parts) {
    const embed = part.length === 1 && isBlock(part[0]!);
    const blank = part.every((child) => isBlank(child));
    if (blank) continue;
    const piece = new state.Token('inline', '', 0);
    piece.children = embed ? part : trimEdges(part);
    piece.content = piece.children.map((child) => child.content).join('');
    piece.map = inline.map;
    if (embed) placed.push(piece);
    else placed.push(paragraphToken(state, open), piece, paragraphToken(state, close));
  }
  tokens.splice(inlineIndex - 1, 3, ...placed);
  return placed.length - 3;
}

/** Text that prints nothing but space, and line breaks: what is left beside an embed that had its own line. */
function isBlank(child: Token): boolean {
  return (
    child.type === 'softbreak' || child.type === 'hardbreak' || (child.type === 'text' && child.content.trim() === '')
  );
}

/** A paragraph's tokens without the line breaks and spaces that joined it to an embed. */
function trimEdges(part: Token[]): Token[] {
  let start = 0;
  let end = part.length;
  while (start < end && isBlank(part[start]!)) start++;
  while (end > start && isBlank(part[end - 1]!)) end--;
  const kept = part.slice(start, end);
  const [first, last] = [kept[0], kept.at(-1)];
  if (first?.type === 'text') first.content = first.content.trimStart();
  if (last?.type === 'text') last.content = last.content.trimEnd();
  return kept;
}

function paragraphToken(state: StateCore, like: Token): Token {
  const token = new state.Token(like.type, like.tag, like.nesting);
  token.map = like.map;
  token.block = true;
  return token;
}

function resolveLinkToken(env: NoteEnv, children: Token[], index: number, line: number): void {
  const open = children[index]!;
  const meta = open.meta as WikilinkMeta;
  const resolved = resolveWikilink(env, meta.wikilink);
  if (resolved.broken !== undefined && !env.obsidian!.enabled) {
    // Not an Obsidian site: `[[link]]s` in prose names nothing and stays text.
    open.type = 'text';
    open.content = meta.raw;
    children[index + 1]!.content = '';
    children[index + 2]!.type = 'text';
    return;
  }
  open.attrSet('href', resolved.href);
  open.attrSet('class', resolved.broken === undefined ? 'wikilink' : 'wikilink wikilink-broken');
  recordLink(env, meta.raw, line, resolved);
}

/** What a wikilink points to: a note (and its heading or block), or a file of the docs folder. */
export function resolveWikilink(
  env: Pick<NoteEnv, 'resolveLink' | 'sourcePath' | 'obsidian'>,
  parts: WikilinkParts,
): ResolvedLink {
  const fragment = parts.fragment === undefined ? '' : `#${anchorOf(parts.fragment)}`;
  if (parts.path === '') return env.resolveLink(fragment, env.sourcePath);
  const found = env.obsidian!.resolve(parts.path, env.sourcePath);
  if ('missing' in found)
    return { href: encodeURI(parts.path) + fragment, external: false, broken: `${found.missing}` };
  const href = found.isNote
    ? `/${encodeURI(found.sourcePath)}${fragment}`
    : encodeURI(path.posix.relative(path.posix.dirname(env.sourcePath), found.sourcePath));
  const resolved = env.resolveLink(href, env.sourcePath);
  if (!found.candidates) return resolved;
  const warning = `"${parts.path}" names ${found.candidates.length} notes (${found.candidates.join(', ')}); it links to the first, as Obsidian does`;
  return { ...resolved, warning };
}

/** A heading's id as the engine makes it (github-slugger: case and the slug form match), or a block id (`^id`). */
function anchorOf(fragment: string): string {
  return fragment.startsWith('^') ? fragment : slug(fragment);
}

/**
 * A recorded wikilink or embed (its target is the source as written, `[[Note|alias]]` or `![[Note]]`) resolved again,
 * as rendering resolved it: the build cache checks a note's links this way before reusing its content. Undefined for
 * a target that is not one.
 */
export function resolveRecordedWikilink(
  target: string,
  env: Pick<NoteEnv, 'resolveLink' | 'sourcePath' | 'obsidian'>,
): ResolvedLink | undefined {
  const inner = /^!?\[\[([^[\]\n]+)\]\]$/.exec(target)?.[1];
  return inner === undefined || !env.obsidian ? undefined : resolveWikilink(env, parseWikilink(inner));
}

function recordLink(env: NoteEnv, target: string, line: number, resolved: ResolvedLink): void {
  env.links.push({ target, line, resolved });
}

/** An embed resolved: a file shown by its kind, a note transcluded, or (a loop, a missing target) a link. */
function resolveEmbed(md: MarkdownIt, env: NoteEnv, meta: WikilinkMeta, line: number): EmbedView {
  const parts = meta.wikilink;
  const resolved = resolveWikilink(env, parts);
  const found = parts.path === '' ? undefined : env.obsidian!.resolve(parts.path, env.sourcePath);
  const name = parts.path || `#${parts.fragment ?? ''}`;
  if (!found || 'missing' in found || resolved.broken !== undefined) {
    recordLink(env, meta.raw, line, resolved);
    return resolved.broken === undefined ? linkView(resolved, parts) : { kind: 'missing', name };
  }
  if (!found.isNote) {
    recordLink(env, meta.raw, line, resolved);
    return { kind: 'file', href: resolved.href, name, sourcePath: found.sourcePath, options: parts.alias };
  }
  const source = env.obsidian!.transcludedSource(found.sourcePath);
  if (!source) return (recordLink(env, meta.raw, line, resolved), linkView(resolved, parts)); // not found by the pre-pass
  if (isTransclusionLoop(env, found.sourcePath)) {
    const chain = [...(env.transclusion?.stack ?? [env.sourcePath]), found.sourcePath].join(' -> ');
    const warning = `the notes embed each other in a loop (${chain}): the last embed is shown as a link`;
    const { root = env, line: rootLine = line, embed = meta.raw } = env.transclusion ?? {};
    recordLink(root, embed, rootLine, { href: resolved.href, external: false, warning });
    return linkView(resolved, parts);
  }
  recordLink(env, meta.raw, line, resolved);
  const section =
    parts.fragment === undefined ? { text: source.body, line: 0 } : extractSection(source.body, parts.fragment);
  if (!section) return linkView(resolved, parts); // the link's anchor check reports the missing heading
  const { lineOffset } = source;
  const html = renderTransclusion(md, env, {
    sourcePath: found.sourcePath,
    section,
    lineOffset,
    line,
    embed: meta.raw,
  });
  return {
    kind: 'transclusion',
    href: resolved.href,
    title: wikilinkText({ ...parts, alias: undefined }),
    html,
    block: true,
  };
}

function linkView(resolved: ResolvedLink, parts: WikilinkParts): EmbedView {
  return { kind: 'link', href: resolved.href, text: wikilinkText(parts) };
}
