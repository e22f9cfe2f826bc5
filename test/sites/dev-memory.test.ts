/**
 * `wiki dev` holds no more than it needs (issue 26): rendered pages are kept for recent requests only, not the whole
 * site, and every page still renders when asked for, as edited; the search index is built on its first request.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/node/config/loadConfig.js';
import { buildDevSite, type DevSite, outputPathsOf, readSiteFile } from '../../src/node/dev/devSite.js';
import { updateNote } from '../../src/node/dev/updateNote.js';
import { makeTempDir } from '../helpers/cli.js';

const FOLDERS = 6;
const NOTES_PER_FOLDER = 20;

/** A site of FOLDERS folders of NOTES_PER_FOLDER notes, each with its own title. */
function writeSite(dir: string): void {
  for (let folder = 0; folder < FOLDERS; folder++)
    for (let note = 0; note < NOTES_PER_FOLDER; note++) {
      const file = path.join(dir, 'docs', `folder-${folder}`, `note-${note}.md`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `# Title ${folder}-${note}\n\nBody of note ${folder}-${note}.\n`);
    }
  fs.writeFileSync(
    path.join(dir, 'wiki.config.ts'),
    "export default { title: 'Memory Wiki', url: 'https://fixture.example.com' };\n",
  );
}

describe('wiki dev keeps recent pages only', () => {
  let devSite: DevSite;
  let dir: string;
  before(async () => {
    dir = makeTempDir('wiki-dev-memory-');
    writeSite(dir);
    const configPath = path.join(dir, 'wiki.config.ts');
    devSite = await buildDevSite({ config: await loadConfig(configPath), configPath });
  });
  after(() => {
    if (devSite) devSite.cancelled = true;
  });

  it('the background render keeps no page, and every page renders on request with a bounded cache', async () => {
    await devSite.rendered;
    assert.equal(devSite.pages.size, 0, 'the background render keeps only the files that are not pages');
    const notePages = devSite.notePages;
    assert.equal(notePages.length, FOLDERS * NOTES_PER_FOLDER);
    for (const page of notePages) {
      const [htmlPath, dataPath] = outputPathsOf(page);
      assert.ok(String(await readSiteFile(devSite, htmlPath!)).includes(`<title>${page.title}`), htmlPath);
      assert.ok(String(await readSiteFile(devSite, dataPath!)).includes(page.title), dataPath);
    }
    assert.ok(devSite.pages.size > 0, 'pages asked for are kept for the next request');
    assert.ok(
      devSite.pages.size < notePages.length,
      `${devSite.pages.size} page files kept of ${notePages.length * 2}`,
    );
  });

  it('a page dropped from the cache renders as edited', async () => {
    const first = devSite.notePages[0]!;
    const notePath = devSite.notes.find((note) => note.route === first.route)!.filePath;
    fs.writeFileSync(notePath, fs.readFileSync(notePath, 'utf8').replace('Body of note', 'Edited body of note'));
    assert.equal(updateNote(devSite, notePath).kind, 'content');
    // Every other page asked for after the edit: the edited one's files leave the cache, and render again.
    for (const page of devSite.notePages.slice(1)) await readSiteFile(devSite, outputPathsOf(page)[0]!);
    assert.ok(!devSite.pages.has(outputPathsOf(devSite.notePages[0]!)[0]!));
    const html = String(await readSiteFile(devSite, outputPathsOf(devSite.notePages[0]!)[0]!));
    assert.ok(html.includes('Edited body of note'));
  });

  it('builds the search index when a search file is first asked for', async () => {
    const stylesheet = await readSiteFile(devSite, 'search/docsearch.css');
    assert.ok(String(stylesheet).length > 0);
    const headings = await readSiteFile(devSite, 'search/index.json');
    assert.ok(String(headings).includes('Title 0-0'));
  });
});
