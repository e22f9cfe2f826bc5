/**
 * Tags, as Docusaurus's docs plugin has them: front matter `tags` (labels, or `{ label, permalink }`), optionally
 * declared in a tags file (`docs.tags`, a tags.yml of `key: { label, permalink, description }`). Each tag gets a page
 * at `<routeBasePath>/tags/<permalink>` listing its notes, and `<routeBasePath>/tags` lists every tag with its count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import { asDocId, hrefForRoute, type Route } from '../../shared/paths.js';
import type { DocPageModel, TagLink } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { DiagnosticList } from '../diagnostics.js';
import type { NoteSummary } from '../notes/note.js';
import { joinDocsRoute } from './generatedIndex.js';
import { buildHeadTags, formatDocumentTitle } from './pageModels.js';

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
  readonly docs: NoteSummary[];
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

/** Every note's tags, resolved against the tags file when there is one (an undeclared tag is a warning). */
export function resolveTags(docs: readonly NoteSummary[], context: TagsContext): SiteTags {
  const { routeBasePath } = context.config.docs;
  const trailingSlash = context.config.trailingSlash;
  const tagsFile = context.config.docs.tags;
  const declared = tagsFile ? loadTagsFile(path.resolve(context.docsDir, tagsFile), context) : undefined;
  const listRoute = joinDocsRoute(routeBasePath, 'tags', trailingSlash);
  const byDoc = new Map<string, TagLink[]>();
  const tags = new Map<string, TagEntry>();
  for (const doc of docs) {
    const links: TagLink[] = [];
    for (const written of doc.frontMatter.tags ?? []) {
      const definition = defineTag(written, declared, (key) => warnUndeclared(doc, key, tagsFile, context));
      const route = joinDocsRoute(routeBasePath, `tags/${definition.permalink}`, trailingSlash);
      if (links.some((link) => link.href === route)) continue;
      links.push({ label: definition.label, href: route });
      const entry = tags.get(route) ?? {
        label: definition.label,
        href: route,
        ...(definition.description !== undefined && { description: definition.description }),
        docs: [],
      };
      entry.docs.push(doc);
      tags.set(route, entry);
    }
    if (links.length > 0) byDoc.set(doc.id, links);
  }
  return { byDoc, tags, listRoute };
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
  return { label: written, permalink: `/${kebabCase(written)}` };
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

/** The tags list page and one page per tag: plain pages of the site (no sidebar), their lists rendered here. */
export function buildTagPageModels(siteTags: SiteTags, config: SiteConfig): DocPageModel[] {
  if (siteTags.tags.size === 0) return [];
  const entries = [...siteTags.tags.values()];
  const href = (route: string) => escapeAttribute(hrefForRoute(route as Route, config.baseUrl));
  const list = tagPage(
    { route: siteTags.listRoute, title: 'Tags', description: '', contentHtml: renderTagsList(entries, href) },
    config,
  );
  return [
    list,
    ...entries.map((entry) => {
      const count = entry.docs.length;
      const title = `${count} doc${count === 1 ? '' : 's'} tagged with "${entry.label}"`;
      return tagPage(
        {
          route: entry.href,
          title,
          description: entry.description ?? '',
          contentHtml: renderTagDocs(entry, siteTags, href),
        },
        config,
      );
    }),
  ];
}

function tagPage(
  input: { route: Route; title: string; description: string; contentHtml: string },
  config: SiteConfig,
): DocPageModel {
  return {
    kind: 'doc',
    route: input.route,
    docId: asDocId(input.route),
    title: input.title,
    documentTitle: formatDocumentTitle(input.title, config),
    description: input.description,
    keywords: [],
    contentHtml: input.contentHtml,
    contentHasTitle: false,
    hideTitle: false,
    toc: [],
    hideTableOfContents: true,
    breadcrumbs: [{ label: input.title }],
    head: buildHeadTags(
      { route: input.route, title: input.title, description: input.description, keywords: [] },
      config,
    ),
  };
}

/** Tags grouped by first letter, each with its number of notes, as Docusaurus's tags list page shows them. */
function renderTagsList(entries: readonly TagEntry[], href: (route: string) => string): string {
  const sorted = [...entries].sort((a, b) => a.label.localeCompare(b.label));
  const groups = new Map<string, TagEntry[]>();
  for (const entry of sorted) {
    const letter = entry.label.charAt(0).toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), entry]);
  }
  const sections = [...groups].map(
    ([letter, group]) =>
      `<article class="tags-list__group"><h2>${escapeHtml(letter)}</h2><ul class="tags-list">${group
        .map(
          (entry) =>
            `<li><a class="tag" href="${href(entry.href)}">${escapeHtml(entry.label)}<span class="tag__count">${entry.docs.length}</span></a></li>`,
        )
        .join('')}</ul></article>`,
  );
  return `<section class="tags-page">${sections.join('')}</section>`;
}

/** A tag's description, a link to every tag, then its notes (title and description). */
function renderTagDocs(entry: TagEntry, siteTags: SiteTags, href: (route: string) => string): string {
  const docs = entry.docs.map(
    (doc) =>
      `<article class="tag-doc"><a href="${href(doc.route)}"><h2>${escapeHtml(doc.title)}</h2></a>${doc.description ? `<p>${escapeHtml(doc.description)}</p>` : ''}</article>`,
  );
  return [
    entry.description ? `<p class="tag-page__description">${escapeHtml(entry.description)}</p>` : '',
    `<p><a class="tag-page__all" href="${href(siteTags.listRoute)}">View all tags</a></p>`,
    `<section class="tag-page__docs">${docs.join('')}</section>`,
  ].join('');
}
