/**
 * The `wiki dev` watcher on a real temp folder: what it reports, what it skips, that it keeps watching a docs
 * folder replaced faster than chokidar reads its parent (its own watches then stay on the old folder), and that a note
 * written during its first scan, or into a new folder before chokidar watches it, is still reported.
 * Every wait polls with a bound; "nothing reported" is checked only once a later change has come through.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { isSkippedName } from '../../src/node/notes/scan.js';
import { watchPaths, type Watcher } from '../../src/node/dev/watch.js';
import { makeTempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/poll.js';

describe('the wiki dev watcher', () => {
  let siteDir: string;
  let docsDir: string;
  let watcher: Watcher | undefined;
  /** Every batch handed over, with the paths relative to the site. */
  let batches: string[][];
  /** Each path's text as read when its batch was handed over (what the dev session would read then). */
  let readAtBatch: Map<string, string>;
  const docs = (relPath: string) => path.join(docsDir, relPath);
  const reported = (relPath: string) => batches.some((batch) => batch.includes(relPath));

  /**
   * Starts watching as `wiki dev` does (config file, docs skipping what the scan skips, static) and waits until it sees
   * changes. `onBatch` runs as each batch is handed over, `delayMs` is the batch's wait.
   */
  async function startWatching(
    options: { delayMs?: number; onBatch?: (relPaths: string[]) => void } = {},
  ): Promise<void> {
    const targets = [
      { path: path.join(siteDir, 'wiki.config.ts'), kind: 'file' as const },
      { path: docsDir, kind: 'folder' as const, skipName: isSkippedName },
      { path: path.join(siteDir, 'static'), kind: 'folder' as const },
    ];
    watcher = watchPaths(
      targets,
      (paths) => {
        const relPaths = [...paths].map((filePath) => path.relative(siteDir, filePath));
        batches.push(relPaths);
        for (const filePath of paths)
          readAtBatch.set(
            path.relative(siteDir, filePath),
            fs.existsSync(filePath) && fs.statSync(filePath).isFile() ? fs.readFileSync(filePath, 'utf8') : '',
          );
        options.onBatch?.(relPaths);
      },
      options.delayMs,
    );
    // The first scan takes a moment: until a probe note is reported, a change could come before the watches.
    for (let probe = 0; !reported('docs/probe.md'); probe++) {
      fs.writeFileSync(docs('probe.md'), `# Probe ${probe}\n`);
      await waitFor('the first change', () => reported('docs/probe.md'), { timeoutMs: 300 }).catch(() => undefined);
      assert.ok(probe < 30, 'the watcher never reported a change');
    }
  }

  beforeEach(() => {
    siteDir = makeTempDir('wiki-dev-watch-');
    docsDir = path.join(siteDir, 'docs');
    fs.mkdirSync(path.join(docsDir, 'topics'), { recursive: true });
    fs.writeFileSync(docs('alpha.md'), '# Alpha\n');
    fs.writeFileSync(docs('topics/beta.md'), '# Beta\n');
    fs.writeFileSync(path.join(siteDir, 'wiki.config.ts'), 'export default { title: "Watched" };\n');
    batches = [];
    readAtBatch = new Map();
  });

  afterEach(() => watcher?.close());

  it('reports a change made as soon as it says it is ready', async () => {
    watcher = watchPaths([{ path: docsDir, kind: 'folder', skipName: isSkippedName }], (paths) =>
      batches.push([...paths].map((filePath) => path.relative(siteDir, filePath))),
    );
    await watcher.ready;
    fs.writeFileSync(docs('alpha.md'), '# Alpha\n\nEdited at once.\n');
    await waitFor('the edit made right after ready', () => reported('docs/alpha.md'));
  });

  it('reports what changed during its first scan once the scan is done (wiki dev serves before)', async () => {
    for (let index = 0; index < 200; index++) fs.writeFileSync(docs(`topics/note-${index}.md`), `# Note ${index}\n`);
    watcher = watchPaths([{ path: docsDir, kind: 'folder', skipName: isSkippedName }], (paths) =>
      batches.push([...paths].map((filePath) => path.relative(siteDir, filePath))),
    );
    // Made at once, before chokidar has read the folders: it stats and watches each entry later, or has already.
    fs.writeFileSync(docs('alpha.md'), '# Alpha\n\nEdited during the scan.\n');
    fs.writeFileSync(docs('topics/note-199.md'), '# Note 199\n\nEdited during the scan.\n');
    fs.rmSync(docs('topics/note-7.md'));
    fs.mkdirSync(docs('later'));
    fs.writeFileSync(docs('later/gamma.md'), '# Gamma\n');
    await watcher.ready;
    const expected = ['alpha.md', 'topics/note-199.md', 'topics/note-7.md', 'later', 'later/gamma.md'];
    await waitFor('the changes made during the scan', () => expected.every((file) => reported(`docs/${file}`)));
    assert.deepEqual(
      batches.flat().filter((relPath) => !expected.includes(relPath.replace(/^docs\//, ''))),
      [],
      'nothing else: the notes left as they were are not reported',
    );
  });

  it('reports what changed during its first scan of a docs folder that is a link to a vault elsewhere', async () => {
    const vault = makeTempDir('wiki-dev-watch-vault-');
    fs.mkdirSync(path.join(vault, 'topics'));
    for (let index = 0; index < 100; index++)
      fs.writeFileSync(path.join(vault, `topics/note-${index}.md`), `# Note ${index}\n`);
    fs.rmSync(docsDir, { recursive: true });
    fs.symlinkSync(vault, docsDir, 'dir');
    watcher = watchPaths([{ path: docsDir, kind: 'folder', skipName: isSkippedName }], (paths) =>
      batches.push([...paths].map((filePath) => path.relative(siteDir, filePath))),
    );
    fs.writeFileSync(path.join(vault, 'topics/note-99.md'), '# Note 99\n\nEdited during the scan.\n');
    await watcher.ready;
    await waitFor('the edit made during the scan', () => reported('docs/topics/note-99.md'));
  });

  it('hands over the last of two quick saves of a file (chokidar drops a second change within 50 ms)', async () => {
    await startWatching();
    fs.writeFileSync(docs('alpha.md'), '# Alpha\n\nFirst save.\n');
    await sleep(20); // within chokidar's 50 ms; what is tested is that the second save is not lost
    fs.writeFileSync(docs('alpha.md'), '# Alpha\n\nSecond save.\n');
    await waitFor(
      'a batch that reads the second save',
      () => readAtBatch.get('docs/alpha.md') === '# Alpha\n\nSecond save.\n',
    );
  });

  it('reports the config saved through a rename, and a static folder created after the start', async () => {
    await startWatching();
    fs.writeFileSync(path.join(siteDir, 'wiki.config.ts.tmp'), 'export default { title: "Saved" };\n');
    fs.renameSync(path.join(siteDir, 'wiki.config.ts.tmp'), path.join(siteDir, 'wiki.config.ts'));
    await waitFor('the config', () => reported('wiki.config.ts'));
    fs.mkdirSync(path.join(siteDir, 'static'));
    fs.writeFileSync(path.join(siteDir, 'static/robots.txt'), 'User-agent: *\n');
    await waitFor('the new static file', () => reported('static/robots.txt'));
  });

  it('skips what the scan skips and editor droppings, and nothing beside the watched folders', async () => {
    await startWatching();
    for (const relPath of [
      '_partials/part.md',
      '.drafts/idea.md',
      'node_modules/pkg/readme.md',
      'topics/.hidden.md',
      'alpha.md~',
      '.alpha.md.swp',
      '4913',
    ]) {
      fs.mkdirSync(path.dirname(docs(relPath)), { recursive: true });
      fs.writeFileSync(docs(relPath), 'not a note\n');
    }
    fs.writeFileSync(path.join(siteDir, 'notes.txt'), 'beside the docs folder\n');
    fs.writeFileSync(docs('topics/gamma.md'), '# Gamma\n');
    await waitFor('the note written last', () => reported('docs/topics/gamma.md'));
    assert.deepEqual(
      batches.flat().filter((relPath) => relPath !== 'docs/probe.md' && relPath !== 'docs/topics/gamma.md'),
      [],
    );
  });

  it('reports notes written into new folders between chokidar reading them and watching them, and their edits', async () => {
    // Handed over at once, a new folder's batch comes while chokidar's read of it may be under way: the note is written
    // after a wait that lets the read finish, and may come before chokidar watches the folder. Twenty folders, one after
    // another, land some notes in that gap.
    await startWatching({
      delayMs: 0,
      onBatch(relPaths) {
        for (const folder of relPaths.filter((relPath) => /^docs\/fresh-\d+$/.test(relPath))) {
          for (const start = Date.now(); Date.now() - start < 5;);
          fs.writeFileSync(path.join(siteDir, folder, 'note.md'), '# Note\n');
        }
      },
    });
    const notes = Array.from({ length: 20 }, (_, n) => `docs/fresh-${n}/note.md`);
    for (const note of notes) {
      fs.mkdirSync(path.join(siteDir, path.dirname(note)));
      await sleep(20);
    }
    await waitFor('the notes written into the new folders', () => notes.every(reported));
    for (const note of notes) fs.writeFileSync(path.join(siteDir, note), '# Edited\n');
    await waitFor('the edits of those notes', () => notes.every((note) => readAtBatch.get(note) === '# Edited\n'));
  });

  it('hands over a note seen empty in the middle of a save only once it is written, and one emptied on purpose', async () => {
    const handedOver: string[] = []; // alpha.md's text at each batch that holds it
    await startWatching({
      onBatch(relPaths) {
        if (relPaths.includes('docs/alpha.md')) handedOver.push(readAtBatch.get('docs/alpha.md')!);
      },
    });
    // A save that truncates the file, then writes it: the watcher sees the empty file in between.
    const fd = fs.openSync(docs('alpha.md'), 'w');
    await sleep(30);
    fs.writeSync(fd, '# Alpha\n\nSaved in two steps.\n');
    fs.closeSync(fd);
    await waitFor('the saved note', () => handedOver.includes('# Alpha\n\nSaved in two steps.\n'));
    fs.writeFileSync(docs('alpha.md'), '');
    await waitFor('the emptied note', () => handedOver.at(-1) === '');
    // Never empty before the save was written (chokidar may report the emptied file twice: it is handed over twice).
    assert.equal(handedOver[0], '# Alpha\n\nSaved in two steps.\n');
    assert.deepEqual(new Set(handedOver.slice(1)), new Set(['']));
  });

  /** Writes a docs folder of one note, topics/delta.md, at `dir`. */
  const writeNewDocs = (dir: string) => {
    fs.mkdirSync(path.join(dir, 'topics'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'topics/delta.md'), '# Delta\n');
  };
  const replacements = {
    'deleted and recreated at once': () => {
      fs.rmSync(docsDir, { recursive: true });
      writeNewDocs(docsDir);
    },
    'renamed away, a new folder renamed into its place': () => {
      writeNewDocs(path.join(siteDir, 'docs-next'));
      fs.renameSync(docsDir, path.join(siteDir, 'docs-old'));
      fs.renameSync(path.join(siteDir, 'docs-next'), docsDir);
    },
  };
  for (const [how, replace] of Object.entries(replacements)) {
    it(`keeps watching a docs folder ${how}`, async () => {
      await startWatching();
      const seen = batches.length;
      replace();
      // The folder itself is reported (the dev session rebuilds from it), then edits deep in the new folder are seen.
      await waitFor('the replaced docs folder', () => batches.slice(seen).some((batch) => batch.includes('docs')));
      fs.writeFileSync(docs('topics/delta.md'), '# Delta\n\nEdited.\n');
      fs.writeFileSync(docs('topics/epsilon.md'), '# Epsilon\n');
      await waitFor(
        'the edit in the new folder',
        () => readAtBatch.get('docs/topics/delta.md') === '# Delta\n\nEdited.\n',
      );
      await waitFor('the note added to the new folder', () => reported('docs/topics/epsilon.md'));
    });
  }
});
