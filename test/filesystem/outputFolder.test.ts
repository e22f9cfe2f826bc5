/**
 * The output folder guard and lease (src/node/pipeline/outputFolder.ts): which folders a build refuses, the lock that
 * makes a second build wait, the swap, the cleaning of what killed builds left, and the advice on file-system errors.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadNativeFs } from '../../src/node/pipeline/nativeFs.js';
import {
  adviseFsError,
  checkOutputFolder,
  leaseOutputFolder,
  OUTPUT_MARKER,
  OutputFolderError,
  workFolderOf,
} from '../../src/node/pipeline/outputFolder.js';
import { makeTempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/poll.js';

function makeSite() {
  const root = makeTempDir('wiki-out-');
  const site = path.join(root, 'site');
  for (const dir of ['docs', 'static']) fs.mkdirSync(path.join(site, dir), { recursive: true });
  fs.writeFileSync(path.join(site, 'docs/a.md'), '# A');
  const folders = {
    docsDir: path.join(site, 'docs'),
    staticDir: path.join(site, 'static'),
    siteDir: site,
    cwd: site,
    home: path.join(root, 'home'),
  };
  return { root, site, folders };
}

function refusal(outDir: string, folders: Parameters<typeof checkOutputFolder>[1]): string {
  try {
    checkOutputFolder(outDir, folders, (file) => path.relative(folders.siteDir, file));
  } catch (error) {
    assert.ok(error instanceof OutputFolderError, String(error));
    return `${error.message} | ${error.hint}`;
  }
  return 'allowed';
}

describe('output folder guard', () => {
  it('refuses the docs, static, config and working folders, any folder holding them, the home folder and /', () => {
    const { root, site, folders } = makeSite();
    fs.mkdirSync(folders.home);
    const link = path.join(root, 'docs-link');
    fs.symlinkSync(folders.docsDir, link);
    const cases: [string, RegExp][] = [
      [folders.docsDir, /it is the docs folder/],
      [link, /it is the docs folder/], // through a symbolic link too
      [folders.staticDir, /it is the static folder/],
      [site, /it holds the docs folder/],
      [root, /it holds the docs folder/],
      ['/', /it holds the docs folder/],
      [folders.home, /it is your home folder/],
    ];
    for (const [outDir, expected] of cases) assert.match(refusal(outDir, folders), expected, outDir);
    assert.match(
      refusal(site, { ...folders, docsDir: path.join(root, 'elsewhere'), staticDir: path.join(root, 'elsewhere2') }),
      /it is the folder of the config file/,
    );
  });

  it('refuses a folder with files it did not write, or a file; allows a missing, empty or marked folder', () => {
    const { site, folders } = makeSite();
    const foreign = path.join(site, 'foreign');
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, 'thesis.tex'), 'mine');
    assert.match(
      refusal(foreign, folders),
      /holds files that `wiki build` did not write \(it has no \.wiki-build file\).*\| Pass an empty or new folder with --out/,
    );
    fs.writeFileSync(path.join(site, 'file'), 'x');
    assert.match(refusal(path.join(site, 'file'), folders), /it is a file, not a folder/);
    assert.equal(refusal(path.join(site, 'new/deeper/build'), folders), 'allowed');
    fs.mkdirSync(path.join(site, 'empty'));
    assert.equal(refusal(path.join(site, 'empty'), folders), 'allowed');
    fs.mkdirSync(path.join(site, 'old'));
    fs.writeFileSync(path.join(site, 'old', OUTPUT_MARKER), '');
    fs.writeFileSync(path.join(site, 'old', 'index.html'), '');
    assert.equal(refusal(path.join(site, 'old'), folders), 'allowed');
  });
});

for (const [name, native] of [
  ['flock and an atomic exchange', loadNativeFs() ?? null],
  ['the portable fallbacks (pid file, two renames)', null],
] as const) {
  describe(`output folder lease, ${name}`, () => {
    it('writes the marker into staging, swaps it in, and leaves no staging folder behind', async () => {
      const { site } = makeSite();
      const outDir = path.join(site, 'build');
      for (const text of ['first', 'second']) {
        const lease = await leaseOutputFolder(outDir, { native });
        fs.writeFileSync(path.join(lease.staging, 'index.html'), text);
        lease.swapIn();
        lease.release();
        assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), text);
        assert.ok(fs.existsSync(path.join(outDir, OUTPUT_MARKER)));
      }
      const leftovers = fs.readdirSync(workFolderOf(outDir)).filter((entry) => entry.startsWith('staging-'));
      assert.deepEqual(leftovers, []);
    });

    it('a second build waits for the first, says who holds the folder, then goes on', async () => {
      const { site } = makeSite();
      const outDir = path.join(site, 'build');
      const first = await leaseOutputFolder(outDir, { native });
      const told: (number | undefined)[] = [];
      let secondGotIt = false;
      const second = leaseOutputFolder(outDir, { native, retryMs: 10, onWait: (pid) => told.push(pid) }).then(
        (lease) => {
          secondGotIt = true;
          return lease;
        },
      );
      await waitFor('the second build to say who holds the folder', () => told.length > 0, {
        timeoutMs: 5000,
        intervalMs: 5,
      });
      assert.equal(secondGotIt, false, 'the second lease must wait while the first is held');
      assert.deepEqual(told, [process.pid]);
      first.discard();
      first.release();
      const lease = await second;
      lease.discard();
      lease.release();
    });

    it('cleans what a killed build left, and puts back an output lost between two renames', async () => {
      const { site } = makeSite();
      const outDir = path.join(site, 'build');
      const work = workFolderOf(outDir);
      fs.mkdirSync(path.join(work, 'staging-99999999'), { recursive: true });
      fs.writeFileSync(path.join(work, 'staging-99999999/half.html'), '');
      // The state a kill between the fallback's two renames leaves: the old site moved aside, no output.
      fs.mkdirSync(path.join(work, 'old-99999998'));
      fs.writeFileSync(path.join(work, 'old-99999998', OUTPUT_MARKER), '');
      fs.writeFileSync(path.join(work, 'old-99999998/index.html'), 'last good site');
      const lease = await leaseOutputFolder(outDir, { native });
      assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), 'last good site');
      assert.deepEqual(fs.readdirSync(work).sort(), ['lock', path.basename(lease.staging)].sort());
      lease.discard();
      lease.release();
    });

    it('keeps the replaced site as the spare of the next build with a cache; a build without one drops it', async () => {
      const { site } = makeSite();
      const outDir = path.join(site, 'build');
      const work = workFolderOf(outDir);
      const build = async (text: string, keepSpare: boolean) => {
        const lease = await leaseOutputFolder(outDir, { native, keepSpare });
        const page = path.join(lease.staging, 'index.html');
        const found = fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : undefined;
        fs.rmSync(page, { force: true });
        fs.writeFileSync(page, text);
        assert.ok(fs.existsSync(path.join(lease.staging, OUTPUT_MARKER)));
        lease.swapIn();
        lease.release();
        assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), text);
        return { prefilled: lease.prefilled, found };
      };
      assert.deepEqual(await build('first', true), { prefilled: false, found: undefined });
      assert.deepEqual(await build('second', true), { prefilled: false, found: undefined });
      assert.equal(fs.readFileSync(path.join(work, 'spare/index.html'), 'utf8'), 'first');
      assert.deepEqual(await build('third', true), { prefilled: true, found: 'first' });
      assert.equal(fs.readFileSync(path.join(work, 'spare/index.html'), 'utf8'), 'second');
      // A site with errors in its notes does not replace the output; with a cache it is the next build's spare.
      const failed = await leaseOutputFolder(outDir, { native, keepSpare: true });
      fs.writeFileSync(path.join(failed.staging, 'broken.html'), 'not published');
      failed.setAside();
      failed.release();
      assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), 'third');
      assert.ok(fs.existsSync(path.join(work, 'spare/broken.html')));
      assert.deepEqual(await build('fourth', false), { prefilled: false, found: undefined });
      assert.ok(!fs.existsSync(path.join(outDir, 'broken.html')), 'a full build starts from an empty folder');
      await waitFor('the spare to be removed', () => fs.readdirSync(work).every((name) => name === 'lock'), {
        timeoutMs: 5000,
        intervalMs: 10,
      });
    });

    it('refuses at the swap when files it did not write appeared in the output meanwhile', async () => {
      const { site } = makeSite();
      const outDir = path.join(site, 'build');
      const lease = await leaseOutputFolder(outDir, { native });
      fs.mkdirSync(outDir);
      fs.writeFileSync(path.join(outDir, 'notes.txt'), 'someone else put this here');
      assert.throws(() => lease.swapIn(), OutputFolderError);
      assert.equal(fs.readFileSync(path.join(outDir, 'notes.txt'), 'utf8'), 'someone else put this here');
      lease.discard();
      lease.release();
    });
  });
}

describe('native helpers', () => {
  it(
    'are compiled on Linux by npm install (the atomic swap depends on them)',
    { skip: process.platform !== 'linux' && 'Linux only' },
    () => {
      assert.ok(
        loadNativeFs(),
        'native/build/Release/wiki_fs.node is missing: run `npm install` (it runs scripts/build-native.mjs)',
      );
    },
  );
});

describe('file-system errors a user can fix', () => {
  it('say what happened and what to do, with the original error as cause', () => {
    const cases: [string, RegExp][] = [
      ['EROFS', /read-only file system/],
      ['EACCES', /permission denied/],
      ['ENOSPC', /disk holding .* is full/],
      ['EDQUOT', /quota/],
    ];
    for (const [code, expected] of cases) {
      const original = Object.assign(new Error(`${code}: failed, mkdir '/x'`), { code, syscall: 'mkdir' });
      const advised = adviseFsError(original, '/srv/site');
      assert.ok(advised instanceof OutputFolderError, code);
      assert.match(advised.message, expected);
      assert.match(advised.hint, /--out|space/);
      assert.equal(advised.cause, original);
    }
    const other = Object.assign(new Error('EIO'), { code: 'EIO' });
    assert.equal(adviseFsError(other, '/srv/site'), other);
  });
});
