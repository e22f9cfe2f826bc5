#!/usr/bin/env node
// Builds the Docusaurus site folders of test/corpus/docusaurus/ with real Docusaurus 3.10.2 and writes what it produced
// as each folder's oracle.json: the answer test/corpus/docusaurus-parity.test.ts holds our engine to.
//
//   node scripts/docusaurus-oracle.mjs [--site NAME]... [--install-dir DIR] [--keep]
//
// Docusaurus is installed into a folder under the OS temp dir (never into this repository), or into --install-dir,
// which is reused when it already holds this version. Each corpus folder is copied beside the build (the shared
// folder stays untouched), the site's config is rewritten to point at the copy, and the sites build one at a time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDocument, DomUtils } from 'htmlparser2';
import * as prettier from 'prettier';

const VERSION = '3.10.2';
const PACKAGES = [
  `@docusaurus/core@${VERSION}`,
  `@docusaurus/preset-classic@${VERSION}`,
  `@docusaurus/faster@${VERSION}`,
  'react@19.2.0',
  'react-dom@19.2.0',
];
const repoRoot = path.resolve(import.meta.dirname, '..');
const sitesDir = path.join(repoRoot, 'test/corpus/docusaurus');
const corporaDir = path.resolve(repoRoot, '../shared/corpora');

/**
 * Modules a corpus imports from outside its docs folder, which its repository had and the corpus does not ship: a
 * stand-in is written into the copy so that Docusaurus builds the page (its Markdown structure is what we record).
 */
const MISSING_MODULES = JSON.parse(fs.readFileSync(path.join(sitesDir, 'missing-modules.json'), 'utf8'));

function parseArgs(argv) {
  const options = { sites: [], installDir: undefined, keep: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--site') options.sites.push(argv[++i]);
    else if (argv[i] === '--install-dir') options.installDir = path.resolve(argv[++i]);
    else if (argv[i] === '--keep') options.keep = true;
    else
      throw new Error(
        `Unknown argument "${argv[i]}". Usage: node scripts/docusaurus-oracle.mjs [--site NAME]... [--install-dir DIR] [--keep]`,
      );
  }
  if (options.sites.length === 0)
    options.sites = fs
      .readdirSync(sitesDir)
      .filter((name) => fs.existsSync(path.join(sitesDir, name, 'docusaurus.config.js')));
  return options;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}) in ${cwd}`);
}

/** Installs Docusaurus into `dir` unless it already holds this version. */
function installDocusaurus(dir) {
  const corePackage = path.join(dir, 'node_modules/@docusaurus/core/package.json');
  if (fs.existsSync(corePackage) && JSON.parse(fs.readFileSync(corePackage, 'utf8')).version === VERSION) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'docusaurus-oracle', private: true }));
  console.log(`Installing Docusaurus ${VERSION} into ${dir}...`);
  run('npm', ['install', '--no-audit', '--no-fund', '--save-exact', ...PACKAGES], dir);
}

/** Maps a path inside ../shared/corpora to the same path inside the build's copy of the corpora. */
function relocate(file, copyRoot) {
  const relative = path.relative(corporaDir, file);
  return relative.startsWith('..') ? file : path.join(copyRoot, relative);
}

/** The site's config with every path made absolute and pointed at the copied corpus, plus the Rspack build flags. */
async function prepareSite(name, workDir) {
  const siteDir = path.join(sitesDir, name);
  const config = (await import(pathToFileURL(path.join(siteDir, 'docusaurus.config.js')).href)).default;
  const copyRoot = path.join(workDir, 'corpora');
  fs.cpSync(path.join(corporaDir, name), path.join(copyRoot, name), { recursive: true, dereference: true });
  for (const [file, text] of Object.entries(MISSING_MODULES[name] ?? {})) {
    fs.mkdirSync(path.dirname(path.join(copyRoot, name, file)), { recursive: true });
    fs.writeFileSync(path.join(copyRoot, name, file), text);
  }
  const absolute = (file) => relocate(path.resolve(siteDir, file), copyRoot);
  const docs = config.presets[0][1].docs;
  const built = {
    ...config,
    ...(config.staticDirectories && { staticDirectories: config.staticDirectories.map(absolute) }),
    // Rspack and SWC ("Docusaurus Faster"); SSG worker threads need this v4 flag, which only changes <head> output.
    future: { v4: { removeLegacyPostBuildHeadAttribute: true }, faster: true },
    presets: [
      [
        'classic',
        {
          ...config.presets[0][1],
          docs: {
            ...docs,
            path: absolute(docs.path),
            ...(docs.sidebarPath && { sidebarPath: absolute(docs.sidebarPath) }),
          },
        },
      ],
    ],
  };
  const buildSiteDir = path.join(workDir, 'sites', name);
  fs.mkdirSync(buildSiteDir, { recursive: true });
  fs.writeFileSync(
    path.join(buildSiteDir, 'docusaurus.config.mjs'),
    `export default ${JSON.stringify(built, null, 2)};\n`,
  );
  return buildSiteDir;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading what Docusaurus built

const hasClass = (el, name) => (DomUtils.getAttributeValue(el, 'class') ?? '').split(/\s+/).includes(name);
// CSS-module classes carry a hash suffix (codeBlockTitle_DR_N): match them by their stable prefix.
const hasClassPrefix = (el, prefix) =>
  (DomUtils.getAttributeValue(el, 'class') ?? '').split(/\s+/).some((name) => name.startsWith(prefix));
const findAll = (root, test) => DomUtils.findAll((el) => test(el), Array.isArray(root) ? root : [root]);
const findOne = (root, test) => DomUtils.findOne((el) => test(el), Array.isArray(root) ? root : [root], true);

/** Visible text: no hash links, no zero-width spaces, whitespace collapsed. */
function textOf(el) {
  const parts = [];
  const walk = (node) => {
    if (node.type === 'text') parts.push(node.data);
    else if (node.children && !(node.name === 'a' && hasClass(node, 'hash-link'))) node.children.forEach(walk);
  };
  walk(el);
  return parts
    .join('')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const linkOf = (a) => ({
  label: textOf(findOne(a, (el) => hasClass(el, 'pagination-nav__label')) ?? a),
  href: DomUtils.getAttributeValue(a, 'href'),
});

/** What one built page shows: titles, breadcrumbs, pager, headings, TOC, code titles, admonitions, tabs, cards. */
function readPage(html) {
  const doc = parseDocument(html);
  const main = findOne(doc, (el) => el.name === 'main') ?? doc;
  const markdown = findOne(main, (el) => hasClass(el, 'theme-doc-markdown'));
  const h1 = findOne(main, (el) => el.name === 'h1');
  const crumbs = findOne(main, (el) => hasClass(el, 'theme-doc-breadcrumbs'));
  const pager = findOne(main, (el) => hasClass(el, 'pagination-nav'));
  const pagerLink = (dir) => {
    const a = pager && findOne(pager, (el) => hasClass(el, `pagination-nav__link--${dir}`));
    return a ? linkOf(a) : null;
  };
  const toc = findOne(doc, (el) => hasClass(el, 'theme-doc-toc-desktop'));
  const content = markdown ? [markdown] : [];
  return {
    documentTitle: textOf(findOne(doc, (el) => el.name === 'title')),
    title: h1 ? textOf(h1) : null,
    breadcrumbs: crumbs
      ? findAll(crumbs, (el) => hasClass(el, 'breadcrumbs__item'))
          .filter((li) => !findOne(li, (el) => DomUtils.getAttributeValue(el, 'aria-label') === 'Home page'))
          .map((li) => {
            const a = findOne(li, (el) => el.name === 'a');
            return { label: textOf(li), ...(a && { href: DomUtils.getAttributeValue(a, 'href') }) };
          })
      : [],
    previous: pagerLink('prev'),
    next: pagerLink('next'),
    headings: findAll(content, (el) => /^h[1-6]$/.test(el.name) && DomUtils.hasAttrib(el, 'id')).map((el) => ({
      level: Number(el.name[1]),
      id: DomUtils.getAttributeValue(el, 'id'),
      text: textOf(el),
    })),
    toc: toc
      ? findAll(toc, (el) => hasClass(el, 'table-of-contents__link')).map((a) => ({
          id: decodeURIComponent((DomUtils.getAttributeValue(a, 'href') ?? '').replace(/^#/, '')),
          text: textOf(a),
        }))
      : [],
    codeTitles: findAll(content, (el) => hasClassPrefix(el, 'codeBlockTitle_')).map(textOf),
    admonitions: findAll(content, (el) => hasClass(el, 'theme-admonition')).map((el) => ({
      type: (DomUtils.getAttributeValue(el, 'class') ?? '').match(/theme-admonition-([\w-]+)/)?.[1] ?? '',
      title: textOf(findOne(el, (child) => hasClassPrefix(child, 'admonitionHeading_')) ?? el),
    })),
    tabs: findAll(content, (el) => DomUtils.getAttributeValue(el, 'role') === 'tablist').map((list) =>
      findAll(list, (el) => DomUtils.getAttributeValue(el, 'role') === 'tab').map(textOf),
    ),
    cards: findAll(main, (el) => hasClass(el, 'theme-doc-card-container')).map((a) => ({
      label: textOf(findOne(a, (el) => hasClass(el, 'theme-doc-card-title')) ?? a),
      href: DomUtils.getAttributeValue(a, 'href'),
    })),
  };
}

/** Every route of the build, from its sitemap (Docusaurus lists every page there but the 404 page). */
function readRoutes(outDir, url) {
  const sitemap = fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(m[1].slice(url.length)) || '/').sort();
}

function htmlFileOf(outDir, route) {
  const clean = decodeURI(route).replace(/^\/+|\/+$/g, '');
  return path.join(outDir, clean, 'index.html');
}

/** The sidebars as Docusaurus computed them (the docs plugin's version data), reduced to what a reader sees. */
function readSidebars(generatedDir) {
  const dir = path.join(generatedDir, 'docusaurus-plugin-content-docs/default/p');
  const versionFile = fs.readdirSync(dir).find((file) => {
    const data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    return data.version?.docsSidebars !== undefined;
  });
  const { docsSidebars } = JSON.parse(fs.readFileSync(path.join(dir, versionFile), 'utf8')).version;
  const reduce = (items) =>
    items.map((item) => ({
      type: item.type,
      label: item.label ?? item.value ?? '',
      ...(item.href !== undefined && { href: item.href }),
      ...(item.className !== undefined && { className: item.className }),
      ...(item.items && { items: reduce(item.items) }),
    }));
  return Object.fromEntries(Object.entries(docsSidebars).map(([name, items]) => [name, reduce(items)]));
}

/** Route -> what its page is (a doc or a category's generated index) and the sidebar it shows, from the docs plugin's data. */
function readPageKinds(generatedDir) {
  const dir = path.join(generatedDir, 'docusaurus-plugin-content-docs/default');
  const byRoute = new Map();
  const files = [
    ...fs.readdirSync(dir).map((file) => path.join(dir, file)),
    ...fs.readdirSync(path.join(dir, 'p')).map((file) => path.join(dir, 'p', file)),
  ].filter((file) => file.endsWith('.json'));
  for (const file of files) {
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    const meta = data.categoryGeneratedIndex ?? data;
    const kind = data.categoryGeneratedIndex ? 'generated-index' : 'doc';
    if (typeof meta.permalink === 'string') byRoute.set(meta.permalink, { kind, sidebar: meta.sidebar ?? null });
  }
  return byRoute;
}

function buildSite(installDir, buildSiteDir, outDir) {
  const cli = path.join(installDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  run(process.execPath, [cli, 'build', buildSiteDir, '--out-dir', outDir, '--no-minify'], installDir);
}

function extractOracle(buildSiteDir, outDir, url) {
  const generatedDir = path.join(buildSiteDir, '.docusaurus');
  const kinds = readPageKinds(generatedDir);
  const routes = readRoutes(outDir, url);
  const pages = routes.map((route) => ({
    route,
    ...(kinds.get(route) ?? { kind: 'other', sidebar: null }),
    ...readPage(fs.readFileSync(htmlFileOf(outDir, route), 'utf8')),
  }));
  return {
    generator: `Docusaurus ${VERSION} (scripts/docusaurus-oracle.mjs)`,
    routes,
    sidebars: readSidebars(generatedDir),
    pages,
  };
}

async function writeOracle(name, oracle) {
  const file = path.join(sitesDir, name, 'oracle.json');
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(JSON.stringify(oracle), { ...options, parser: 'json' }));
  console.log(`Wrote ${path.relative(repoRoot, file)}: ${oracle.routes.length} routes, ${oracle.pages.length} pages`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const installDir = options.installDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'docusaurus-oracle-'));
  installDocusaurus(installDir);
  for (const name of options.sites) {
    const workDir = fs.mkdtempSync(path.join(installDir, `work-${name}-`));
    const buildSiteDir = await prepareSite(name, workDir);
    const outDir = path.join(workDir, 'build');
    console.log(`Building ${name} with Docusaurus ${VERSION}...`);
    buildSite(installDir, buildSiteDir, outDir);
    const config = (await import(pathToFileURL(path.join(sitesDir, name, 'docusaurus.config.js')).href)).default;
    await writeOracle(name, extractOracle(buildSiteDir, outDir, config.url.replace(/\/$/, '')));
    if (options.keep) console.log(`Kept the build in ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }
  // A temporary install (about 500 MB) goes too; one named with --install-dir stays, to be reused.
  if (!options.installDir && !options.keep) fs.rmSync(installDir, { recursive: true, force: true });
}

await main();
