import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fixturesDir, makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';

/** Every file of a built site, site-relative with forward slashes, sorted. */
export function listFiles(outDir: string): string[] {
  return fs
    .readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The HTML pages and page data files of a built site (assets, 404, search and sitemap left out). */
export function listPages(outDir: string): { html: string[]; data: string[] } {
  const files = listFiles(outDir);
  return {
    html: files.filter((file) => file.endsWith('.html') && file !== '404.html' && file !== 'search.html'),
    data: files.filter((file) => file.startsWith('__data/')),
  };
}

/** A digest of every file, to tell whether a folder changed. */
export function snapshotFiles(outDir: string): Map<string, string> {
  return new Map(
    listFiles(outDir).map((file) => [
      file,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(outDir, file)))
        .digest('hex'),
    ]),
  );
}

/** The `<nav class="sidebar ...">` element of a page. */
function sidebarNav(html: string): string {
  const match = /<nav class="sidebar menu"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  if (!match) throw new Error('no sidebar <nav> in the page');
  return match[1]!;
}

/** `nav.sidebar a.menu__link` hrefs, in document order. */
export function sidebarHrefs(html: string): string[] {
  return [...sidebarNav(html).matchAll(/<a\b[^>]*\bclass="menu__link[^"]*"[^>]*>/g)].map(
    (match) => /\bhref="([^"]*)"/.exec(match[0])?.[1] ?? '',
  );
}

/** Every sidebar entry in order: links as their href, categories without a page as `[label]`. */
export function sidebarEntries(html: string): string[] {
  return [...sidebarNav(html).matchAll(/<(a|button|span)\b([^>]*)\bclass="menu__link[^"]*"([^>]*)>([^<]*)/g)].map(
    (match) => {
      const attributes = `${match[2]} ${match[3]}`;
      return match[1] === 'a' ? (/\bhref="([^"]*)"/.exec(attributes)?.[1] ?? '') : `[${match[4]}]`;
    },
  );
}

/** Hrefs of the previous/next links at the bottom of a page. */
export function paginationHrefs(html: string): string[] {
  const nav = /<nav class="pagination-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => match[1]!);
}

/** The site-wide sidebar tree the browser loads (assets/sidebar-<hash>.json). */
export function readSidebarJson(outDir: string): unknown {
  const file = listFiles(outDir).find((name) => /^assets\/sidebar-[0-9a-f]+\.json$/.test(name));
  if (!file) throw new Error('no assets/sidebar-*.json in the build');
  return JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8'));
}

/** Runs `wiki build` on a fixture with a chosen config file and extra arguments, into `outDir`. */
export function buildFixtureWith(
  name: string,
  options: { config?: string; outDir?: string; args?: readonly string[] } = {},
): Promise<CliResult & { outDir: string }> {
  const siteDir = path.join(fixturesDir, name);
  const outDir = options.outDir ?? path.join(makeTempDir(`wiki-${name}-`), 'build');
  const args = [
    'build',
    '--config',
    path.join(siteDir, options.config ?? 'wiki.config.ts'),
    '--out',
    outDir,
    ...(options.args ?? []),
  ];
  return runWiki(args, { cwd: siteDir }).then((result) => ({ ...result, outDir }));
}
