/**
 * `wiki dev` and the site's files besides its notes, watched as Docusaurus's dev server watches them: the files MDX
 * notes import (a partial the docs scan skips, `_part.mdx`, and a component under `src/`), watched once the first
 * build has bundled the notes, the files custom pages import from outside `pages/`, and the sidebars file
 * (`docs.sidebarPath`). An edit to one shows on the pages it makes.
 * A real dev server over loopback, with its file watcher.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startDevServer, type DevServer } from '../../src/node/dev/devServer.js';
import { createDevSession } from '../../src/node/dev/session.js';
import { makeDocsSite, writeSiteFile } from '../helpers/docsSite.js';

const GUIDE = [
  '# Guide',
  '',
  "import Part from './_part.mdx';",
  "import Box from '@site/src/components/Box';",
  '',
  '<Part />',
  '',
  '<Box>boxed words</Box>',
  '',
].join('\n');

const boxSource = (label: string) =>
  `export default function Box({ children }) { return <div className="box">${label}: {children}</div>; }\n`;

function makeMdxSite(): string {
  const site = makeDocsSite('wiki-dev-mdx-', { 'guide.mdx': GUIDE, '_part.mdx': 'Shared words, first version.\n' });
  writeSiteFile(site, 'src/components/Box.jsx', boxSource('First box'));
  writeSiteFile(site, 'wiki.config.ts', "export default { title: 'MDX imports', url: 'https://mdx.example.com' };\n");
  return site;
}

/** A dev server of the site's wiki.config.ts on a free port, quiet. */
function startDev(site: string): Promise<DevServer> {
  return startDevServer({ configPath: path.join(site, 'wiki.config.ts'), port: 0, log: () => {} });
}

/** The page's HTML once it matches `expected`; fails after 10 s (the watcher hands a change over in milliseconds). */
async function pageWhen(url: string, expected: RegExp): Promise<string> {
  let html = '';
  for (const started = Date.now(); Date.now() - started < 10_000; await sleep(50)) {
    html = await (await fetch(url)).text();
    if (expected.test(html)) return html;
  }
  assert.fail(`the page never matched ${expected}:\n${html.slice(0, 2000)}`);
}

describe('wiki dev: files MDX notes import', () => {
  let site: string;
  let dev: DevServer;
  before(async () => {
    site = makeMdxSite();
    dev = await startDev(site);
  });
  after(() => dev?.close());

  it('shows an edit of a partial the docs scan skips on the page of the note that imports it', async () => {
    await pageWhen(`${dev.url}guide`, /Shared words, first version\./);
    fs.writeFileSync(path.join(site, 'docs/_part.mdx'), 'Shared words, second version.\n');
    const html = await pageWhen(`${dev.url}guide`, /Shared words, second version\./);
    assert.doesNotMatch(html, /first version/);
  });

  it('shows an edit of a component under src/ that a note imports', async () => {
    await pageWhen(`${dev.url}guide`, /First box: boxed words/);
    fs.writeFileSync(path.join(site, 'src/components/Box.jsx'), boxSource('Second box'));
    await pageWhen(`${dev.url}guide`, /Second box: boxed words/);
  });

  it('renders a note once the partial it imports, missing until then, is made', async () => {
    fs.writeFileSync(path.join(site, 'docs/later.mdx'), "# Later\n\nimport Later from './_later.mdx';\n\n<Later />\n");
    await pageWhen(`${dev.url}later`, /Later/); // a new note: the site is built again (the import reported missing)
    fs.writeFileSync(path.join(site, 'docs/_later.mdx'), 'Words made after the note.\n');
    await pageWhen(`${dev.url}later`, /Words made after the note\./);
  });

  it("watches the imported files, not the engine's modules or installed packages", async () => {
    const session = createDevSession({ configPath: path.join(makeMdxSite(), 'wiki.config.ts'), log: () => {} });
    assert.ok(await session.start());
    const files = session
      .watchTargets()
      .filter((target) => target.kind === 'file')
      .map((target) => path.basename(target.path));
    // The two `.obsidian` folders, in docs/ and above it, are watched as paths too (markdown.obsidian: 'auto').
    assert.deepEqual(files, ['wiki.config.ts', '.obsidian', '.obsidian', '_part.mdx', 'Box.jsx']);
    session.site!.cancelled = true;
  });
});

describe('wiki dev: the sidebars file', () => {
  let site: string;
  let dev: DevServer;
  const sidebarsSource = (ids: string[]) => `module.exports = { docs: ${JSON.stringify(ids)} };\n`;
  before(async () => {
    site = makeDocsSite('wiki-dev-sidebars-', { 'a.md': '# A\n\nText a.\n', 'b.md': '# B\n\nText b.\n' });
    writeSiteFile(site, 'sidebars.js', sidebarsSource(['a', 'b']));
    writeSiteFile(
      site,
      'wiki.config.ts',
      "export default { title: 'Sidebars', url: 'https://sidebars.example.com', docs: { sidebarPath: './sidebars.js' } };\n",
    );
    dev = await startDev(site);
  });
  after(() => dev?.close());

  it('lays the sidebar out again when the sidebars file changes', async () => {
    const order = /href="\/a"[^]*href="\/b"/;
    await pageWhen(`${dev.url}a`, order);
    fs.writeFileSync(path.join(site, 'sidebars.js'), sidebarsSource(['b', 'a']));
    await pageWhen(`${dev.url}a`, /class="menu__link"[^>]*href="\/b"[^]*href="\/a"/);
  });
});

describe('wiki dev: what custom pages import', () => {
  let site: string;
  let dev: DevServer;
  const greeting = (words: string) => `export function Greeting() { return <p>${words}</p>; }\n`;
  before(async () => {
    site = makeDocsSite('wiki-dev-page-imports-', { 'a.md': '# A\n\nText a.\n' });
    writeSiteFile(
      site,
      'pages/hello.tsx',
      "import { Greeting } from '../src/components/Greeting';\nexport const title = 'Hello';\nexport default function Hello() {\n  return <main><Greeting /></main>;\n}\n",
    );
    writeSiteFile(site, 'src/components/Greeting.tsx', greeting('First greeting'));
    writeSiteFile(
      site,
      'wiki.config.ts',
      "export default { title: 'Page imports', url: 'https://pages.example.com' };\n",
    );
    dev = await startDev(site);
  });
  after(() => dev?.close());

  it('shows an edit of a component a custom page imports from outside pages/', async () => {
    await pageWhen(`${dev.url}hello`, /First greeting/);
    fs.writeFileSync(path.join(site, 'src/components/Greeting.tsx'), greeting('Second greeting'));
    await pageWhen(`${dev.url}hello`, /Second greeting/);
  });
});
