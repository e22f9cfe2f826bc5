/**
 * `wiki build` with nothing to do (pipeline/upToDate.ts), through the real CLI: a build whose inputs and output are as
 * the last build left them writes nothing and repeats its report; any change to a note, a static file, the config or
 * the output itself, a `.obsidian/` folder made or removed, or --no-cache, builds again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { makeTempDir, runWiki } from '../helpers/cli.js';
import { writeSiteFile } from '../helpers/docsSite.js';
import { snapshotFiles } from './builtSite.js';

const UP_TO_DATE = /Nothing changed since the last build: build is up to date\./;

function makeSite(): string {
  const site = path.join(makeTempDir('wiki-up-to-date-'), 'site');
  const write = (file: string, text: string) => writeSiteFile(site, file, text);
  write(
    'wiki.config.ts',
    "export default { title: 'Up to date', url: 'https://example.com', onBrokenLinks: 'warn' };\n",
  );
  write('docs/alpha/one.md', '# One\n\nSee [two](two.md) and [nowhere](missing.md).\n');
  write('docs/alpha/two.md', '# Two\n\nBack to [one](one.md).\n');
  write('static/robots.txt', 'User-agent: *\n');
  return site;
}

async function build(site: string, ...flags: string[]): Promise<{ stdout: string; stderr: string }> {
  const result = await runWiki(['build', ...flags], { cwd: site });
  assert.equal(result.code, 0, result.stderr);
  return result;
}

/** Each output file's inode and modification time: what a build that writes nothing leaves as it was. */
function fileStamps(dir: string): Map<string, string> {
  const stamps = new Map<string, string>();
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = fs.statSync(path.join(dir, file));
    if (stat.isFile()) stamps.set(file, `${stat.ino} ${stat.mtimeMs}`);
  }
  return stamps;
}

describe('wiki build with nothing to do', () => {
  it('writes nothing and repeats the last report, warnings included', async () => {
    const site = makeSite();
    const first = await build(site);
    assert.doesNotMatch(first.stdout, UP_TO_DATE);
    assert.match(first.stderr, /warning \[broken-link\] .*one\.md:3/);
    const before = fileStamps(path.join(site, 'build'));
    const second = await build(site);
    assert.match(second.stdout, UP_TO_DATE);
    assert.match(second.stderr, /warning \[broken-link\] .*one\.md:3/, 'the warning is reported again');
    assert.match(second.stdout, /2 notes, \d+ routes, 0 error\(s\), 1 warning\(s\)/);
    assert.deepEqual(fileStamps(path.join(site, 'build')), before, 'no output file was written');
  });

  it('builds again after a change to a note, a static file, the config or the output, and with --no-cache', async () => {
    const site = makeSite();
    await build(site);
    const changes: [string, () => void][] = [
      ['an edited note', () => fs.appendFileSync(path.join(site, 'docs/alpha/two.md'), '\nMore.\n')],
      ['a new note', () => fs.writeFileSync(path.join(site, 'docs/alpha/three.md'), '# Three\n')],
      ['a static file', () => fs.appendFileSync(path.join(site, 'static/robots.txt'), 'Disallow: /x\n')],
      ['the config', () => fs.appendFileSync(path.join(site, 'wiki.config.ts'), '// edited\n')],
      ['an output page', () => fs.appendFileSync(path.join(site, 'build/alpha/one.html'), '<!-- edited -->')],
      ['an output file removed', () => fs.rmSync(path.join(site, 'build/sitemap.xml'))],
    ];
    for (const [what, change] of changes) {
      change();
      assert.doesNotMatch((await build(site)).stdout, UP_TO_DATE, `${what} builds again`);
      assert.match((await build(site)).stdout, UP_TO_DATE, `and then nothing is left to do (${what})`);
    }
    assert.doesNotMatch((await build(site, '--no-cache')).stdout, UP_TO_DATE, '--no-cache builds');
  });

  it('leaves the output a full build writes after the output was edited', async () => {
    const site = makeSite();
    await build(site);
    const built = snapshotFiles(path.join(site, 'build'));
    assert.ok(built.has('alpha/one.html'), [...built.keys()].join(', '));
    fs.appendFileSync(path.join(site, 'build/alpha/one.html'), '<!-- edited -->');
    await build(site);
    assert.deepEqual(snapshotFiles(path.join(site, 'build')), built);
  });

  it("walks only the folders a site without a config file reads, not its docs folder's parent", async () => {
    // `wiki build --docs ~/notes`: the parent folder is someone's home, whose other files are not the site's.
    const home = makeTempDir('wiki-up-to-date-home-');
    fs.mkdirSync(path.join(home, 'notes'));
    fs.writeFileSync(path.join(home, 'notes/one.md'), '# One\n');
    fs.mkdirSync(path.join(home, 'diary'));
    fs.writeFileSync(path.join(home, 'diary/today.txt'), 'Not a note.\n');
    const buildNotes = async () => {
      const result = await runWiki(['build', '--docs', 'notes', '--out', 'site'], { cwd: home });
      assert.equal(result.code, 0, result.stderr);
      return result.stdout;
    };
    await buildNotes();
    const upToDate = /Nothing changed since the last build: site is up to date\./;
    fs.appendFileSync(path.join(home, 'diary/today.txt'), 'More.\n');
    fs.writeFileSync(path.join(home, 'todo.txt'), 'Milk.\n');
    assert.match(await buildNotes(), upToDate, 'files beside the notes are not inputs');
    fs.mkdirSync(path.join(home, 'static'));
    fs.writeFileSync(path.join(home, 'static/robots.txt'), 'User-agent: *\n');
    assert.doesNotMatch(await buildNotes(), upToDate, 'the static folder beside the notes is');
    assert.match(await buildNotes(), upToDate);
    fs.writeFileSync(path.join(home, 'notes/two.md'), '# Two\n');
    assert.doesNotMatch(await buildNotes(), upToDate, 'a new note builds again');
  });

  it('builds again when an empty .obsidian folder is made or removed, beside the notes or above them', async () => {
    // With markdown.obsidian 'auto' (the default), a vault's settings folder turns Obsidian's syntax on: a single
    // newline is then a line break.
    const home = makeTempDir('wiki-up-to-date-vault-');
    fs.mkdirSync(path.join(home, 'notes'));
    fs.writeFileSync(path.join(home, 'notes/lines.md'), '# Lines\n\nfirst line\nsecond line\n');
    const breaks = async () => {
      const result = await runWiki(['build', '--docs', 'notes', '--out', 'site'], { cwd: home });
      assert.equal(result.code, 0, result.stderr);
      return /first line<br/.test(fs.readFileSync(path.join(home, 'site/lines.html'), 'utf8'));
    };
    assert.equal(await breaks(), false);
    for (const vault of [path.join(home, '.obsidian'), path.join(home, 'notes/.obsidian')]) {
      fs.mkdirSync(vault);
      assert.equal(await breaks(), true, `${path.relative(home, vault)} made`);
      fs.rmdirSync(vault);
      assert.equal(await breaks(), false, `${path.relative(home, vault)} removed`);
    }
  });
});
