/**
 * The site's own React pages: every .tsx/.jsx file under pages/ is a route by the notes' rules (`index` is its
 * folder's route, `now.tsx` is /now); files and folders starting with `_` are helpers, not pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { asSourcePath, type Route } from '../../shared/paths.js';
import type { CustomPageModel } from '../../shared/types.js';
import type { BuildContext } from '../context.js';
import { toPosixPath } from '../filePaths.js';
import { applyTrailingSlash, computeDocRoute, isValidRoute } from '../notes/notePaths.js';
import { buildHeadTags, formatDocumentTitle } from './pageModels.js';

/** A page file and the route it is served at. */
export interface CustomPageSource {
  readonly route: Route;
  readonly filePath: string;
}

/** What a page module exports (read from the server bundle). */
export type PageModule = Readonly<Record<string, unknown>>;

const pageExtensions = ['.tsx', '.jsx'];

/**
 * The page files and their routes. A route some note or built-in page already has (`takenRoutes`: route -> file shown
 * in messages, made only for a site with a pages folder) is a duplicate-route problem at the config's
 * onDuplicateRoutes severity; the note keeps the route.
 */
export function scanCustomPages(
  context: BuildContext,
  takenRoutes: () => ReadonlyMap<string, string>,
): CustomPageSource[] {
  const dir = path.join(context.siteDir, 'pages');
  if (!fs.existsSync(dir)) return [];
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map(toPosixPath)
    .filter(
      (file) =>
        pageExtensions.includes(path.posix.extname(file)) && !file.split('/').some((part) => part.startsWith('_')),
    )
    .sort();
  const taken = new Map(takenRoutes());
  const pages: CustomPageSource[] = [];
  for (const relative of files) {
    const filePath = path.join(dir, relative);
    const shown = context.displayPath(filePath);
    const computed = computeDocRoute({ sourcePath: asSourcePath(relative) });
    if (!isValidRoute(computed)) {
      context.diagnostics.add({
        severity: 'error',
        code: 'invalid-slug',
        file: shown,
        message: `The route computed for this page is not a valid URL path: "${computed}"`,
        hint: 'Rename the file with letters, digits and "-" only (e.g. pages/about-me.tsx).',
      });
      continue;
    }
    const route = applyTrailingSlash(computed, context.config.trailingSlash);
    const owner = taken.get(route);
    if (owner !== undefined) {
      context.diagnostics.addWithSetting(context.config.onDuplicateRoutes, {
        code: 'duplicate-route',
        file: shown,
        message: `Duplicate route "${route}": claimed by ${owner} and ${shown}; only ${owner} is served there.`,
        hint: 'Rename the page file (or the note), or give the note a different `slug` in its front matter.',
      });
      continue;
    }
    taken.set(route, shown);
    pages.push({ route, filePath });
  }
  return pages;
}

/** One model per page module; a module without a default export is an error (SPEC §5, §8) and gets no page. */
export function buildCustomPageModels(
  context: BuildContext,
  sources: readonly CustomPageSource[],
  modules: ReadonlyMap<string, PageModule>,
): CustomPageModel[] {
  const { config } = context;
  const models: CustomPageModel[] = [];
  for (const { route, filePath } of sources) {
    const module = modules.get(route) ?? {};
    if (module.default === undefined) {
      // The message is Docusaurus's, word for word; the file goes on the next line.
      context.diagnostics.add({
        severity: 'error',
        code: 'page-module',
        message: `The page component at ${route} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`,
        hint: context.displayPath(filePath),
      });
      continue;
    }
    const title = typeof module.title === 'string' ? module.title : '';
    const description = typeof module.description === 'string' ? module.description : '';
    models.push({
      kind: 'custom',
      route,
      title,
      documentTitle: formatDocumentTitle(title, config),
      description,
      head: buildHeadTags({ route, title, description, keywords: [] }, config),
    });
  }
  return models;
}
