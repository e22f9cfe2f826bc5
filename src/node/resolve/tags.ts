/**
 * Tags, as Docusaurus's docs plugin has them: front matter `tags` (labels, or `{ label, permalink }`), optionally
 * declared in a tags file (`docs.tags`, a tags.yml of `key: { label, permalink, description }`). Each tag gets a page
 * at `<routeBasePath>/tags/<permalink>` listing its notes, and `<routeBasePath>/tags` lists every tag with its count.
 * Obsidian's inline `#tags` join them, and a nested tag (`a/b`, at `/tags/a/b`) is listed under its parent (`a`),
 * whose page lists the notes of its nested tags too, as Quartz and Obsidian do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Route } from '../../shared/paths.js';
import type { TagLink } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { DiagnosticList } from '../diagnostics.js';
import type { NoteSummary } from '../notes/note.js';
import { joinDocsRoute } from './generatedIndex.js';

export { buildPlainPageModel, buildTagPageModels } from './tagPages.js';

/** A tag as the tags file declares it (or as a note's front matter names it). */
export interface TagDefinition {
  readonly label: string;
  /** Relative to the tags route ("/rust"). */
  readonly permalink: string;
  readonly description?: string;
}

/** A tag with the notes that have it, in note order. */
export interface TagEntry extends TagLink {
  readonly description?: string;
  /** Its notes and those of its nested tags, each once. */
  readonly docs: NoteSummary[];
  /** A nested tag's parent (`a` of `a/b`), by route. */
  readonly parent?: Route;
}

export interface SiteTags {
  /** Each note's tags, by note id (notes without tags are absent). */
  readonly byDoc: ReadonlyMap<string, readonly TagLink[]>;
  /** Every tag by route, in order of first use. */
  readonly tags: ReadonlyMap<string, TagEntry>;
  readonly listRoute: Route;
}

interface TagsContext {
  readonly config: SiteConfig;
  /** The tags file is relative to it. */
  readonly docsDir: string;
  readonly diagnostics: DiagnosticList;
  readonly displayPath: (filePath: string) => string;
}

const tagsFileSchema = z.record(
  z.string(),
  z
    .strictObject({
      label: z.string().optional(),
      permalink: z.string().optional(),
      description: z.string().optional(),
    })
    .nullable(),
);

/** Lodash's kebabCase, which Docusaurus makes tag permalinks with: "Getting Started" -> "getting-started". */
export function kebabCase(text: string): string {
  const words = text.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+|\p{L}+/gu) ?? [];
  return words.map((word) => word.toLowerCase()).join('-');
}

/** The tags file's declarations by key; a file that cannot be read or is invalid is an error (no tags declared). */
export function loadTagsFile(filePath: string, context: TagsContext): Map<string, TagDefinition> | undefined {
  const file = context.displayPath(filePath);
  const report = (message: string, hint: string) =>
    context.diagnostics.add({ severity: 'error', code: 'invalid-tags-file', file, message, hint });
  if (!fs.existsSync(filePath)) {
    report(
      'The tags file (`docs.tags` in the config) does not exist.',
      'Create it (e.g. `rust: { label: Rust, description: Notes about Rust }`), or remove `docs.tags` from the config.',
    );
    return undefined;
  }
  let value: unknown;
  try {
    value = parseYaml(fs.readFileSync(filePath, 'utf8'));
  } catch (error) {
    report(`The tags file does not parse: ${(error as Error).message.split('\n')[0]}`, 'Fix its YAML syntax.');
    return undefined;
  }
  const result = tagsFileSchema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    report(
      `Tag \`${issue.path.join('.')}\` of the tags file is invalid: ${issue.message}`,
      'Declare each tag as `key: { label, permalink, description }` (every field optional), or `key:` alone.',
    );
    return undefined;
  }
  return new Map(
    Object.entries(result.data).map(([key, tag]) => [
      key,
      {
        label: tag?.label ?? key,
        permalink: tag?.permalink ?? `/${kebabCase(key)}`,
        ...(tag?.description !== undefined && { description: tag.description }),
      },
    ]),
  );
}

/** A tag's permalink: its label in kebab case, each level of a nested tag on its own ("Web/Node JS" -> "/web/node-js"). */
export function tagPermalink(label: string): string {
  return `/${label
    .split('/')
    .filter((level) => level !== '')
    .map(kebabCase)
    .join('/')}`;
}

/** The route of a tag's page, for a tag no tags file declares (what an inline `#tag` links to). */
export function tagRoute(label: string, config: Pick<SiteConfig, 'docs' | 'trailingSlash'>): Route {
  return joinDocsRoute(config.docs.routeBasePath, `tags/${tagPermalink(label)}`, config.trailingSlash);
}

/**
 * Every note's tags (front matter `tags`, then its inline `#tags` when given), resolved against the tags file when
 * there is one (an undeclared tag is a warning).
 */
export function resolveTags(
  docs: readonly NoteSummary[],
  context: TagsContext,
  inlineTags?: (doc: NoteSummary) => readonly string[] | undefined,
): SiteTags {
  const { routeBasePath } = context.config.docs;
  const trailingSlash = context.config.trailingSlash;
  const tagsFile = context.config.docs.tags;
  const declared = tagsFile ? loadTagsFile(path.resolve(context.docsDir, tagsFile), context) : undefined;
  const listRoute = joinDocsRoute(routeBasePath, 'tags', trailingSlash);
  const routeOf = (definition: TagDefinition) =>
    joinDocsRoute(routeBasePath, `tags/${definition.permalink}`, trailingSlash);
  const byDoc = new Map<string, TagLink[]>();
  const tags = new Map<string, TagEntry>();
  for (const doc of docs) {
    const links: TagLink[] = [];
    for (const written of [...(doc.frontMatter.tags ?? []), ...(inlineTags?.(doc) ?? [])]) {
      const definition = defineTag(written, declared, (key) => warnUndeclared(doc, key, tagsFile, context));
      const route = routeOf(definition);
      if (links.some((link) => link.href === route)) continue;
      links.push({ label: definition.label, href: route });
      let parent: Route | undefined;
      for (const level of [...parentTags(written, declared), definition]) {
        parent = addTaggedDoc(tags, { route: routeOf(level), level, parent }, doc);
      }
    }
    if (links.length > 0) byDoc.set(doc.id, links);
  }
  return { byDoc, tags, listRoute };
}

/** Adds the note to a tag's entry (made on first use, after its parent's) and returns the entry's route. */
function addTaggedDoc(
  tags: Map<string, TagEntry>,
  tag: { route: Route; level: TagDefinition; parent: Route | undefined },
  doc: NoteSummary,
): Route {
  const { level, route, parent } = tag;
  const entry = tags.get(route) ?? {
    label: level.label,
    href: route,
    ...(level.description !== undefined && { description: level.description }),
    docs: [],
    ...(parent !== undefined && { parent }),
  };
  if (entry.docs.at(-1) !== doc) entry.docs.push(doc); // a note with `a/b` and `a/c` is listed once under `a`
  tags.set(route, entry);
  return route;
}

/** The levels above a nested tag that no tags file declares: `a` and `a/b` of `a/b/c`. */
function parentTags(
  written: string | { label: string; permalink: string },
  declared: ReadonlyMap<string, TagDefinition> | undefined,
): TagDefinition[] {
  if (typeof written !== 'string' || declared?.has(written)) return [];
  const levels = written.split('/').filter((level) => level !== '');
  return levels.slice(0, -1).map((_, index) => {
    const label = levels.slice(0, index + 1).join('/');
    return { label, permalink: tagPermalink(label) };
  });
}

function defineTag(
  written: string | { label: string; permalink: string },
  declared: ReadonlyMap<string, TagDefinition> | undefined,
  onUndeclared: (key: string) => void,
): TagDefinition {
  if (typeof written !== 'string') return written;
  const definition = declared?.get(written);
  if (definition) return definition;
  if (declared) onUndeclared(written);
  return { label: written, permalink: tagPermalink(written) };
}

function warnUndeclared(doc: NoteSummary, key: string, tagsFile: string | undefined, context: TagsContext): void {
  context.diagnostics.add({
    severity: 'warning',
    code: 'undeclared-tag',
    file: context.displayPath(doc.filePath),
    message: `Its tag "${key}" is not declared in the tags file (${tagsFile ?? ''}).`,
    hint: `Declare it there (\`${key}: { label: ${key} }\`), or use one of the declared keys in the note's \`tags\`.`,
  });
}
