/**
 * Obsidian's wikilink resolution, built once per build from the notes' paths and front matter `aliases`: a name
 * matches by Obsidian's rules (shortest unique path by default, or relative or absolute paths), case-insensitively.
 * The files of the docs folder (attachments) are listed only when a link first names one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { asSourcePath, type SourcePath } from '../../shared/paths.js';
import type { SiteConfig } from '../config/schema.js';
import type { ReleasedBody } from '../notes/note.js';
import type { ObsidianMarkdown, TranscludedSource, WikilinkResolution } from '../markdown/obsidian/types.js';
import { parseWikilink, WIKILINK_PATTERN } from '../markdown/obsidian/syntax.js';
import { findInlineTags, withoutCode } from '../markdown/obsidian/inlineTags.js';
import { indexLikelyNotes, type LikelyNotes } from './likelyNotes.js';
import { hasObsidianFolder } from './obsidianFolder.js';
import { tagRoute } from './tags.js';

export type WikilinkStrategy = 'shortest' | 'relative' | 'absolute';

/** What the index needs of a note. */
export interface WikilinkNote {
  readonly sourcePath: SourcePath;
  readonly frontMatter: { readonly aliases?: readonly string[] | undefined };
  readonly body: string;
  readonly lineOffset: number;
  /**
   * Set when the body was let go (noteBodies.ts): whether it has a wikilink outside code and a `![[`, its inline tags
   * when found.
   */
  readonly released?: Pick<ReleasedBody, 'wikilinks' | 'embeds' | 'inlineTags'> | undefined;
}

export interface ObsidianMarkdownOptions<Source extends WikilinkNote = WikilinkNote> {
  readonly notes: readonly Source[];
  /** A note's Markdown, read again when it was let go (noteBodies.ts withBody); only notes that need it are read. */
  readonly bodyOf?: ((note: Source) => string) | undefined;
  readonly docsDir: string;
  readonly config: Pick<SiteConfig, 'docs' | 'trailingSlash'> & {
    readonly markdown: Pick<SiteConfig['markdown'], 'obsidian' | 'wikilinks' | 'breaks'>;
  };
}

/** The build's Obsidian settings ('auto' decided) and wikilink index, with the inline tags of each note when on. */
export function createObsidianMarkdown<Source extends WikilinkNote>(
  options: ObsidianMarkdownOptions<Source>,
): ObsidianMarkdown & {
  inlineTags(sourcePath: SourcePath): readonly string[] | undefined;
  /**
   * The notes with a wikilink naming a note or file, when they decide 'auto' (none are listed otherwise); `wiki dev`
   * keeps it up to date.
   */
  readonly wikilinkNotes: Set<SourcePath>;
} {
  const lookup = createWikilinkLookup(options);
  const { config } = options; // the closures below keep this, not the options (they hold every note's Markdown)
  // A note whose body was let go is read again only when it has what is looked for (a `[[`, or a `![[` for embeds).
  const bodyOf = options.bodyOf ?? ((note: Source) => note.body);
  const withBody = (note: Source): Source =>
    note.released ? { ...note, body: bodyOf(note), released: undefined } : note;
  const has = (note: Source, fact: 'wikilinks' | 'embeds', text: string) =>
    note.released ? note.released[fact] : note.body.includes(text);
  const linking = options.notes.filter((note) => has(note, 'wikilinks', '[['));
  const { markdown } = config;
  const setting = markdown.obsidian;
  // Only where wikilinks decide it are they all looked for (else none are: `true`, `false`, a `.obsidian/` folder).
  const byWikilinks = setting === 'auto' && !hasObsidianFolder(options.docsDir);
  // Each note is read at most once: every linking note when wikilinks decide, and those that embed (below).
  const looked = new Map(byWikilinks ? linking.map((note) => [note.sourcePath, withBody(note)]) : []);
  const naming = new Set(
    [...looked.values()].filter((note) => usesWikilinks([note], lookup)).map((note) => note.sourcePath),
  );
  const enabled = setting === true || (setting === 'auto' && (!byWikilinks || naming.size > 0));
  const embedding = options.notes
    .filter((note) => has(note, 'embeds', '![['))
    .map((note) => looked.get(note.sourcePath) ?? withBody(note));
  const transcluded = keepTranscludedSources(embedding, options.notes, lookup, bodyOf);
  const tags = enabled ? collectInlineTags(options.notes, bodyOf) : new Map<SourcePath, readonly string[]>();
  return {
    enabled,
    breaks: markdown.breaks ?? enabled,
    resolve: lookup,
    transcludedSource: (sourcePath) => transcluded.get(sourcePath),
    tagRoute: (tag) => tagRoute(tag, config),
    inlineTags: (sourcePath) => tags.get(sourcePath),
    wikilinkNotes: naming,
  };
}

/** The `[[...]]` and `![[...]]` of a note's Markdown outside code, where they may be wikilinks. */
export function wikilinksOutsideCode(markdown: string): IterableIterator<RegExpExecArray> {
  return withoutCode(markdown).matchAll(WIKILINK_PATTERN);
}

/** Whether some note's `[[name]]`, outside code, names a note or file of the site (prose like "[[link]]s" names none). */
export function usesWikilinks(notes: readonly WikilinkNote[], lookup: WikilinkLookup): boolean {
  return notes.some((note) =>
    [...wikilinksOutsideCode(note.body)].some((match) => {
      const { path: target } = parseWikilink(match[2]!);
      return target !== '' && 'sourcePath' in lookup(target, note.sourcePath);
    }),
  );
}

/** The Markdown of every note some note embeds (`![[Note]]`), kept for the renderer: the stream drops bodies. */
function keepTranscludedSources<Source extends WikilinkNote>(
  embedding: readonly WikilinkNote[],
  notes: readonly Source[],
  lookup: WikilinkLookup,
  bodyOf: (note: Source) => string,
): ReadonlyMap<SourcePath, TranscludedSource> {
  const embedded = new Set<SourcePath>();
  for (const note of embedding) {
    for (const match of note.body.matchAll(WIKILINK_PATTERN)) {
      const target = match[1] === '!' ? parseWikilink(match[2]!).path : '';
      const found = target === '' ? undefined : lookup(target, note.sourcePath);
      if (found && 'sourcePath' in found && found.isNote) embedded.add(found.sourcePath);
    }
  }
  const kept = new Map<SourcePath, TranscludedSource>();
  if (embedded.size === 0) return kept;
  for (const note of notes)
    if (embedded.has(note.sourcePath)) kept.set(note.sourcePath, { body: bodyOf(note), lineOffset: note.lineOffset });
  return kept;
}

function collectInlineTags<Source extends WikilinkNote>(
  notes: readonly Source[],
  bodyOf: (note: Source) => string,
): Map<SourcePath, readonly string[]> {
  const tags = new Map<SourcePath, readonly string[]>();
  for (const note of notes) {
    const body = note.released?.inlineTags ? '' : bodyOf(note);
    const found = note.released?.inlineTags ?? (body.includes('#') ? findInlineTags(body) : []);
    if (found.length > 0) tags.set(note.sourcePath, found);
  }
  return tags;
}

export type WikilinkLookup = (target: string, from: SourcePath) => WikilinkResolution;

/** The resolution of a wikilink's target (no `#fragment`) by the configured strategy. */
export function createWikilinkLookup(options: Omit<ObsidianMarkdownOptions, 'bodyOf'>): WikilinkLookup {
  const notes = new PathIndex();
  const aliases = new Map<string, SourcePath[]>();
  for (const note of options.notes) {
    notes.add(note.sourcePath, note.sourcePath.replace(/\.mdx?$/i, ''));
    for (const alias of note.frontMatter.aliases ?? []) {
      const key = alias.trim().toLowerCase();
      aliases.set(key, [...(aliases.get(key) ?? []), note.sourcePath]);
    }
  }
  let files: PathIndex | undefined; // listed at the first link that names a file
  let likely: LikelyNotes | undefined; // indexed at the first wikilink that names no note
  // Only these are kept for later lookups, not the options: they hold every note's Markdown.
  const { docsDir } = options;
  const strategy = options.config.markdown.wikilinks;
  const vaultName = path.basename(path.resolve(docsDir)).toLowerCase();
  const find = (target: string, from: SourcePath): readonly SourcePath[] => {
    if (target.endsWith('/')) return notes.folderIndex(target.replace(/^\/+|\/+$/g, ''));
    const asNote = notes.match(target.replace(/\.mdx?$/i, ''), from, strategy);
    if (asNote.length > 0 || !MAY_NAME_FILE.test(target)) return asNote;
    files ??= listFiles(docsDir);
    return files.match(target, from, strategy);
  };
  return (target, from) => {
    const written = target.trim();
    let found = find(written, from);
    // `[[docs/index]]` in a vault whose root is docs/: written from the folder above the vault.
    const [first, ...rest] = written.replace(/^\/+/, '').split('/');
    if (found.length === 0 && rest.length > 0 && first!.toLowerCase() === vaultName) found = find(rest.join('/'), from);
    if (found.length === 0 && !written.includes('/')) found = aliases.get(written.toLowerCase()) ?? [];
    if (found.length === 0) {
      // A guess for a note only: a name with another extension is a file's (`![[diagram.png]]`).
      if (strategy !== 'shortest' || (MAY_NAME_FILE.test(written) && !/\.mdx?$/i.test(written)))
        return { missing: describeMissing(written, strategy) };
      likely ??= indexLikelyNotes(notes.paths());
      const meant = written.includes('/')
        ? likely.atPath(written.replace(/(\.mdx?)?$/i, '.md'))
        : likely.byName(written);
      return {
        missing: describeMissing(written, strategy, meant && path.posix.basename(meant).replace(/\.mdx?$/i, '')),
      };
    }
    const sourcePath = found[0]!;
    return {
      sourcePath,
      isNote: /\.mdx?$/i.test(sourcePath),
      ...(found.length > 1 && { candidates: [...found] }),
    };
  };
}

// Files are looked for only for a target with a short extension (`image.png`, `paper.pdf`).
const MAY_NAME_FILE = /\.[a-z0-9]{1,5}$/i;

function describeMissing(target: string, strategy: WikilinkStrategy, meant?: string): string {
  const guess = meant === undefined ? '' : ` (did you mean [[${meant}]]?)`;
  if (strategy === 'shortest') return `no note or file named "${target}" in the docs folder${guess}`;
  return `no note or file at "${target}" (${strategy} path, as \`markdown.wikilinks\` says)`;
}

/** Paths by their lower-cased form, and by their last segment. */
class PathIndex {
  private readonly byPath = new Map<string, SourcePath>();
  private readonly byName = new Map<string, SourcePath[]>();

  add(sourcePath: SourcePath, key: string): void {
    const lower = key.toLowerCase();
    if (!this.byPath.has(lower)) this.byPath.set(lower, sourcePath);
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    const list = this.byName.get(name);
    if (list) list.push(sourcePath);
    else this.byName.set(name, [sourcePath]);
  }

  /** The paths a target names by the strategy; several only for an ambiguous shortest name (sorted by path). */
  match(target: string, from: SourcePath, strategy: WikilinkStrategy): readonly SourcePath[] {
    const lower = target.toLowerCase();
    if (strategy === 'relative') return this.exact(path.posix.join(path.posix.dirname(from), target).toLowerCase());
    const exact = this.exact(lower.replace(/^\/+/, ''));
    if (exact.length > 0 || strategy === 'absolute') return exact;
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    const candidates = (this.byName.get(name) ?? []).filter(
      (candidate) => !lower.includes('/') || this.keyOf(candidate).endsWith(`/${lower}`),
    );
    return [...candidates].sort(comparePaths);
  }

  /** Every path added (the first of paths equal but for case). */
  paths(): Iterable<SourcePath> {
    return this.byPath.values();
  }

  /** A folder link (`[[folder/]]`): the folder's index note (index, README, or named like the folder). */
  folderIndex(folder: string): readonly SourcePath[] {
    const name = folder.slice(folder.lastIndexOf('/') + 1);
    for (const candidate of ['index', 'readme', name]) {
      const found = this.exact(folder === '' ? candidate : `${folder}/${candidate}`.toLowerCase());
      if (found.length > 0) return found;
    }
    return [];
  }

  private exact(key: string): readonly SourcePath[] {
    const found = this.byPath.get(path.posix.normalize(key));
    return found ? [found] : [];
  }

  private keyOf(sourcePath: SourcePath): string {
    return sourcePath.toLowerCase().replace(/\.mdx?$/, '');
  }
}

function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every file of the docs folder that is not a note, skipping hidden folders (`.obsidian/`, `.git/`). */
function listFiles(docsDir: string): PathIndex {
  const index = new PathIndex();
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), child);
      else if (!/\.mdx?$/i.test(entry.name)) index.add(asSourcePath(child), child);
    }
  };
  walk(docsDir, '');
  return index;
}
