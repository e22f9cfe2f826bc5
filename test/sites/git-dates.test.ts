/**
 * Time in a connected wiki (issue 24, part 6), built by the real CLI on a git repository made here: each note's last
 * update from one `git log` (a docs folder inside the repository, reached directly or through a symbolic link), the
 * file's time for a note not committed and outside a repository; the "Recently updated" page, the Atom and RSS feeds
 * and their head links; nested front matter tags.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { makeTempDir, readBuilt, runWiki } from '../helpers/cli.js';

const SITE_URL = 'https://notes.example.org';
const BASE_URL = '/kb/';

interface Commit {
  readonly date: string;
  readonly author: string;
  /** Paths under the repository to write (contents) or move ([from]). */
  readonly write?: Readonly<Record<string, string>>;
  readonly move?: readonly [string, string];
}

const note = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nAbout ${title}.\n`;

/** The repository's history, oldest first: the docs folder is `site/docs`, a subfolder. */
const history: readonly Commit[] = [
  {
    date: '2024-01-02T10:00:00Z',
    author: 'Ada Lovelace',
    write: {
      'site/docs/intro.md': note('Intro', 'description: Where to start & what <not> to miss.\n'),
      'site/docs/guide/setup.md': note('Setup', 'tags: [guide/install, guide]\n'),
      'site/docs/old-name.md': note('Moved'),
      'site/docs/written.md': note('Written', 'last_update: { date: 2023-03-03, author: Front Matter }\n'),
    },
  },
  { date: '2024-02-01T09:00:00Z', author: 'Bob Renamer', move: ['site/docs/old-name.md', 'site/docs/moved.md'] },
  {
    date: '2024-03-04T08:30:00+02:00',
    author: 'Grace Hopper',
    write: { 'site/docs/guide/setup.md': note('Setup', 'tags: [guide/install, guide]\n') + '\nMore.\n' },
  },
  { date: '2024-05-05T00:00:00Z', author: 'Someone Else', write: { 'outside.md': 'not a note\n' } },
];

const UNCOMMITTED_TIME = new Date('2025-06-07T12:00:00Z');

function git(repo: string, args: readonly string[], date?: string): void {
  execFileSync('git', args, {
    cwd: repo,
    stdio: 'ignore',
    env: { ...process.env, ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) },
  });
}

/** A repository with the history above and one note written but not committed. */
function makeRepository(): string {
  const repo = makeTempDir('wiki-git-dates-');
  git(repo, ['init', '-q']);
  git(repo, ['config', 'user.email', 'test@example.org']);
  git(repo, ['config', 'commit.gpgsign', 'false']);
  for (const commit of history) {
    for (const [file, contents] of Object.entries(commit.write ?? {})) {
      fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      fs.writeFileSync(path.join(repo, file), contents);
    }
    if (commit.move) git(repo, ['mv', ...commit.move]);
    git(repo, ['add', '-A']);
    git(repo, ['-c', `user.name=${commit.author}`, 'commit', '-q', '-m', `by ${commit.author}`], commit.date);
  }
  const draft = path.join(repo, 'site/docs/uncommitted.md');
  fs.writeFileSync(draft, note('Uncommitted'));
  fs.utimesSync(draft, UNCOMMITTED_TIME, UNCOMMITTED_TIME);
  return repo;
}

function writeConfig(siteDir: string, docs: Record<string, unknown>, docsDir = 'docs'): string {
  const configPath = path.join(siteDir, 'wiki.config.ts');
  const config = { title: 'Dated notes', tagline: 'Notes with dates', url: SITE_URL, baseUrl: BASE_URL, docsDir, docs };
  fs.writeFileSync(configPath, `export default ${JSON.stringify(config)};\n`);
  return configPath;
}

async function build(siteDir: string, configPath: string): Promise<string> {
  const outDir = path.join(makeTempDir('wiki-git-dates-out-'), 'build');
  const result = await runWiki(['build', '--config', configPath, '--out', outDir], { cwd: siteDir });
  assert.equal(result.code, 0, result.stderr);
  return outDir;
}

/** The page's "Last updated" line as text: "on Jan 2, 2024 (2024-01-02T10:00:00.000Z) by Ada". */
function lastUpdated(html: string): string | undefined {
  const span = /<span class="theme-last-updated">([\s\S]*?)<\/span>/.exec(html)?.[1];
  if (span === undefined) return undefined;
  const datetime = /<time datetime="([^"]*)"/i.exec(span)?.[1];
  const text = span
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
  return datetime ? `${text} (${datetime})` : text;
}

const on = { showLastUpdateTime: true, showLastUpdateAuthor: true };
const expectedLines: Readonly<Record<string, string>> = {
  intro: 'Last updated on Jan 2, 2024 by Ada Lovelace (2024-01-02T10:00:00.000Z)',
  'guide/setup': 'Last updated on Mar 4, 2024 by Grace Hopper (2024-03-04T06:30:00.000Z)',
  // A pure rename changes no text: the note keeps the date of its last edit.
  moved: 'Last updated on Jan 2, 2024 by Ada Lovelace (2024-01-02T10:00:00.000Z)',
  written: 'Last updated on Mar 3, 2023 by Front Matter (2023-03-03T00:00:00.000Z)',
  uncommitted: 'Last updated on Jun 7, 2025 (2025-06-07T12:00:00.000Z)',
};

describe('git dates, recent notes and feeds', () => {
  let repo = '';
  let outDir = '';
  const page = (route: string) => readBuilt(outDir, `${route}.html`);

  before(async () => {
    repo = makeRepository();
    const siteDir = path.join(repo, 'site');
    outDir = await build(siteDir, writeConfig(siteDir, on));
  });

  it("shows each note's last commit (author date and author), front matter first, a new file's time", () => {
    for (const [route, line] of Object.entries(expectedLines)) assert.equal(lastUpdated(page(route)), line, route);
  });

  it('lists the notes most recently updated first on the Recently updated page', () => {
    const html = page('recent');
    assert.match(html, /<h1>Recently updated<\/h1>/);
    const links = [...html.matchAll(/<li class="recent-notes__item"><a href="([^"]+)"/g)].map((match) => match[1]);
    assert.deepEqual(links, ['/kb/uncommitted', '/kb/guide/setup', '/kb/intro', '/kb/moved', '/kb/written']);
  });

  it('writes an Atom and an RSS feed of the same notes, with absolute URLs and escaped text', () => {
    const atom = parseDocument(readBuilt(outDir, 'atom.xml'), { xmlMode: true });
    const entries = DomUtils.getElementsByTagName('entry', atom);
    const ids = entries.map((entry) => DomUtils.textContent(DomUtils.getElementsByTagName('id', entry)[0]!));
    assert.deepEqual(
      ids,
      ['uncommitted', 'guide/setup', 'intro', 'moved', 'written'].map((r) => `${SITE_URL}/kb/${r}`),
    );
    const intro = entries[2]!;
    assert.equal(
      DomUtils.textContent(DomUtils.getElementsByTagName('summary', intro)[0]!),
      'Where to start & what <not> to miss.',
    );
    assert.match(readBuilt(outDir, 'atom.xml'), /Where to start &amp; what &lt;not&gt; to miss\./);
    const rss = parseDocument(readBuilt(outDir, 'rss.xml'), { xmlMode: true });
    const pubDates = DomUtils.getElementsByTagName('pubDate', rss).map((element) => DomUtils.textContent(element));
    assert.deepEqual(pubDates.slice(0, 2), ['Sat, 07 Jun 2025 12:00:00 GMT', 'Mon, 04 Mar 2024 06:30:00 GMT']);
  });

  it('links both feeds from the head of every kind of page', () => {
    for (const route of ['intro', 'recent', 'tags', 'tags/guide/install', 'search']) {
      const html = page(route);
      assert.ok(
        html.includes(`<link rel="alternate" type="application/atom+xml" href="${SITE_URL}/kb/atom.xml"`),
        route,
      );
      assert.ok(html.includes(`<link rel="alternate" type="application/rss+xml" href="${SITE_URL}/kb/rss.xml"`), route);
    }
  });

  it('gives nested tags their own page under their parent, which lists them', () => {
    assert.match(page('guide/setup'), /<a class="tag" href="\/kb\/tags\/guide\/install">guide\/install<\/a>/);
    assert.match(
      page('tags'),
      /href="\/kb\/tags\/guide">guide<span class="tag__count">1<\/span><\/a><ul class="tags-list tags-list--nested">/,
    );
    assert.match(page('tags/guide/install'), /<a href="\/kb\/guide\/setup"><h2>Setup<\/h2><\/a>/);
  });

  it('reads the same dates through a docs folder that is a symbolic link into the repository', async () => {
    const siteDir = makeTempDir('wiki-git-dates-link-');
    fs.symlinkSync(path.join(repo, 'site/docs'), path.join(siteDir, 'notes'), 'dir');
    const linked = await build(siteDir, writeConfig(siteDir, on, 'notes'));
    for (const [route, line] of Object.entries(expectedLines))
      assert.equal(lastUpdated(readBuilt(linked, `${route}.html`)), line, route);
  });

  it("outside a repository, every note shows its file's time and no author", async () => {
    const siteDir = makeTempDir('wiki-no-git-');
    fs.cpSync(path.join(repo, 'site/docs'), path.join(siteDir, 'docs'), { recursive: true });
    const time = new Date('2022-08-09T07:00:00Z');
    fs.utimesSync(path.join(siteDir, 'docs/intro.md'), time, time);
    const plain = await build(siteDir, writeConfig(siteDir, on));
    assert.equal(lastUpdated(readBuilt(plain, 'intro.html')), 'Last updated on Aug 9, 2022 (2022-08-09T07:00:00.000Z)');
  });

  it('with the options off: no dates, no recent page, no feeds and no feed links (front matter still shows)', async () => {
    const siteDir = path.join(repo, 'site');
    const off = await build(siteDir, writeConfig(siteDir, {}));
    assert.equal(lastUpdated(readBuilt(off, 'intro.html')), undefined);
    assert.equal(lastUpdated(readBuilt(off, 'written.html')), expectedLines.written);
    for (const file of ['recent.html', 'atom.xml', 'rss.xml']) assert.ok(!fs.existsSync(path.join(off, file)), file);
    assert.ok(!readBuilt(off, 'intro.html').includes('application/atom+xml'));
  });
});
