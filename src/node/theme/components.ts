/**
 * The theme components a site may replace: `theme/<Name>.tsx` (or `.jsx`) in the site folder default-exports the
 * replacement, and may import the engine's own as `@theme-original/<Name>` to wrap it. Theme components reach each
 * other through `@theme/<Name>`, so a replacement applies everywhere (see themeAlias.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BuildContext } from '../context.js';

export const themeComponentNames = [
  'AnnouncementBar', // the banner above the navbar
  'Breadcrumbs', // above a note's title
  'ColorModeToggle', // the light/dark switch
  'DocPage', // a note: sidebar column, article, edit link, pagination, table of contents
  'ErrorBoundary', // 'This page crashed.' and 'Try again'
  'Footer',
  'Layout', // skip link, announcement bar, navbar, mobile drawer, main area, footer
  'Link', // site routes with the base URL, external links in a new tab
  'Loader', // the delayed loader, and the error with Retry
  'MobileSidebar', // the drawer below 996 px
  'Navbar',
  'NotFound', // the not-found page's content
  'Pagination', // previous/next cards
  'SearchButton', // the navbar's search button
  'SearchPage', // the /search page's content
  'Sidebar', // the docs sidebar tree
  'TableOfContents', // the desktop table of contents
] as const;

export type ThemeComponentName = (typeof themeComponentNames)[number];

/** Replaced theme components: name -> absolute path of the site's file. */
export type ThemeOverrides = ReadonlyMap<ThemeComponentName, string>;

const componentExtensions = ['.tsx', '.jsx'];

export function isThemeComponentName(name: string): name is ThemeComponentName {
  return (themeComponentNames as readonly string[]).includes(name);
}

/**
 * The site's `theme/<Name>.tsx|jsx` files (subfolders may hold their helpers). A file named after no theme component
 * is an error naming the file and the valid names.
 */
export function findThemeOverrides(context: BuildContext): ThemeOverrides {
  const dir = path.join(context.siteDir, 'theme');
  const overrides = new Map<ThemeComponentName, string>();
  if (!fs.existsSync(dir)) return overrides;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const { name, ext } = path.parse(entry.name);
    if (!entry.isFile() || !componentExtensions.includes(ext)) continue;
    const file = path.join(dir, entry.name);
    if (isThemeComponentName(name) && !overrides.has(name)) {
      overrides.set(name, file);
      continue;
    }
    const problem = isThemeComponentName(name)
      ? `"${name}" is replaced twice (${context.displayPath(overrides.get(name)!)} and this file).`
      : `"${name}" is not a theme component a site can replace.`;
    context.diagnostics.add({
      severity: 'error',
      code: 'unknown-theme-component',
      file: context.displayPath(file),
      message: `Can't use this file as a theme override: ${problem}`,
      hint: `Name it after one of: ${themeComponentNames.join(', ')} (e.g. theme/Footer.tsx), or move helpers into a subfolder of theme/.`,
    });
  }
  return overrides;
}
