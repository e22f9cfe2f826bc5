/**
 * Time and tags in a connected wiki (issue 24, parts 5 and 6): a note's last update (front matter first, then git's
 * date and author as the config asks), the "Recently updated" list and page, and nested and inline tags.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import type { NoteDate } from '../../src/node/notes/gitDates.js';
import { feedHeadTags, hasFeeds } from '../../src/node/resolve/feeds.js';
import { formatDateText, hasRecentPage, resolveLastUpdate, wantsNoteDates } from '../../src/node/resolve/lastUpdate.js';
import { buildRecentPageModel, listRecentNotes } from '../../src/node/resolve/recent.js';
import { buildTagPageModels, resolveTags, tagRoute } from '../../src/node/resolve/tags.js';
import { parseVirtualNotes } from '../helpers/virtualNotes.js';

const configWith = (docs: Record<string, unknown>) =>
  validateConfig({ title: 'T', url: 'https://t.example', baseUrl: '/wiki/', docs }, 'test');
const day = (date: string) => Date.parse(`${date}T12:00:00Z`);

const notes = parseVirtualNotes({
  'old.md': '# Old',
  'new.md': '---\ndescription: The newest <one>.\n---\n# New',
  'written.md': '---\nlast_update: { date: 2030-01-01, author: Front Matter }\n---\n# Written',
  'undated.md': '# Undated',
  'same-day-b.md': '# B same day',
  'same-day-a.md': '# A same day',
});
const dates = new Map<string, NoteDate>([
  ['old.md', { time: day('2020-05-05'), author: 'Ada', source: 'git' }],
  ['new.md', { time: day('2026-11-25'), author: 'Grace', source: 'git' }],
  ['written.md', { time: day('2021-01-01'), author: 'Git Author', source: 'git' }],
  ['same-day-a.md', { time: day('2022-02-02'), source: 'mtime' }],
  ['same-day-b.md', { time: day('2022-02-02'), source: 'mtime' }],
]);
const byPath = (sourcePath: string) => notes.find((note) => note.sourcePath === sourcePath)!;

describe("a note's last update", () => {
  const cases: {
    name: string;
    docs: Record<string, unknown>;
    note: string;
    expected: { dateText?: string; author?: string } | undefined;
  }[] = [
    { name: 'options off: nothing from git', docs: {}, note: 'new.md', expected: undefined },
    {
      name: 'time and author on: git gives both, as Docusaurus shows them',
      docs: { showLastUpdateTime: true, showLastUpdateAuthor: true },
      note: 'new.md',
      expected: { dateText: 'Nov 25, 2026', author: 'Grace' },
    },
    {
      name: 'time only',
      docs: { showLastUpdateTime: true },
      note: 'new.md',
      expected: { dateText: 'Nov 25, 2026' },
    },
    { name: 'author only', docs: { showLastUpdateAuthor: true }, note: 'new.md', expected: { author: 'Grace' } },
    {
      name: 'front matter wins over git, and shows with the options off',
      docs: { showLastUpdateTime: true, showLastUpdateAuthor: true },
      note: 'written.md',
      expected: { dateText: 'Jan 1, 2030', author: 'Front Matter' },
    },
    {
      name: 'front matter shows with the options off',
      docs: {},
      note: 'written.md',
      expected: { dateText: 'Jan 1, 2030', author: 'Front Matter' },
    },
    {
      name: 'a file time has no author',
      docs: { showLastUpdateTime: true, showLastUpdateAuthor: true },
      note: 'same-day-a.md',
      expected: { dateText: 'Feb 2, 2022' },
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const resolved = resolveLastUpdate(byPath(c.note), dates, configWith(c.docs));
      const shown = resolved && {
        ...(resolved.dateText !== undefined && { dateText: resolved.dateText }),
        ...(resolved.author !== undefined && { author: resolved.author }),
      };
      assert.deepEqual(shown, c.expected);
      if (resolved?.date !== undefined) assert.equal(new Date(resolved.date).getTime(), resolved.time);
    });

  it("shows a date as Intl's en-US short format in UTC does, whatever the month, day or year", () => {
    const intl = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const times = [Date.UTC(1999, 11, 31, 23, 59, 59), Date.UTC(2000, 1, 29), Date.UTC(2038, 0, 19, 3, 14, 8)];
    for (let month = 0; month < 12; month++) times.push(Date.UTC(2026, month, 1 + month * 2, 12));
    for (const time of times) assert.equal(formatDateText(time), intl.format(time), new Date(time).toISOString());
  });
});

describe('recently updated notes', () => {
  const config = configWith({ showLastUpdateTime: true, showLastUpdateAuthor: true, recent: 4 });

  it('lists the dated notes most recent first, ties by title, at most the limit', () => {
    const recent = listRecentNotes(notes, dates, config, 4);
    assert.deepEqual(
      recent.map((entry) => entry.doc.sourcePath),
      ['written.md', 'new.md', 'same-day-a.md', 'same-day-b.md'],
    );
    const times = recent.map((entry) => entry.time);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.equal(listRecentNotes(notes, dates, config, 50).length, dates.size, 'an undated note is not listed');
  });

  it('lists the same notes as sorting them all would, whatever the limit, with ties at the cut by title', () => {
    // Twelve notes on four days: every cut falls among notes of one day, whose order is their titles'.
    const names = Array.from({ length: 12 }, (_, n) => `note-${String.fromCharCode(108 - n)}`);
    const many = parseVirtualNotes(Object.fromEntries(names.map((name) => [`${name}.md`, `# ${name}`])));
    const manyDates = new Map<string, NoteDate>(
      names.map((name, n) => [`${name}.md`, { time: day(`2024-0${1 + (n % 4)}-01`), source: 'mtime' }]),
    );
    const sorted = listRecentNotes(many, manyDates, config, 12).map((entry) => entry.doc.sourcePath);
    const byHand = [...many]
      .sort(
        (a, b) =>
          manyDates.get(b.sourcePath)!.time - manyDates.get(a.sourcePath)!.time || a.title.localeCompare(b.title),
      )
      .map((note) => note.sourcePath);
    assert.deepEqual(sorted, byHand);
    for (const limit of [0, 1, 2, 3, 4, 5, 7, 11, 12, 13])
      assert.deepEqual(
        listRecentNotes(many, manyDates, config, limit).map((entry) => entry.doc.sourcePath),
        byHand.slice(0, limit),
        `limit ${limit}`,
      );
  });

  it('is a page at <routeBasePath>/recent linking each note with its date and escaped description', () => {
    const page = buildRecentPageModel(listRecentNotes(notes, dates, config, 4), config);
    assert.equal(page.route, '/recent');
    assert.equal(page.title, 'Recently updated');
    const links = [...page.contentHtml.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1]);
    assert.deepEqual(links, ['/wiki/written', '/wiki/new', '/wiki/same-day-a', '/wiki/same-day-b']);
    assert.match(page.contentHtml, /<time datetime="2026-11-25T12:00:00.000Z">Nov 25, 2026<\/time> by Grace/);
    assert.match(page.contentHtml, /The newest &lt;one&gt;\./);
  });

  it('follows the switches: dates read for any option, the page with times, feeds with times unless turned off', () => {
    const table: [Record<string, unknown>, boolean, boolean, boolean][] = [
      [{}, false, false, false],
      [{ showLastUpdateAuthor: true }, true, false, false],
      [{ showLastUpdateTime: true }, true, true, true],
      [{ showLastUpdateTime: true, feeds: false }, true, true, false],
      [{ feeds: true }, true, false, true],
      [{ showLastUpdateTime: true, recent: 0 }, true, false, false],
    ];
    for (const [docs, reads, page, feeds] of table) {
      const config = configWith(docs);
      assert.deepEqual([wantsNoteDates(config), hasRecentPage(config), hasFeeds(config)], [reads, page, feeds]);
      assert.equal(feedHeadTags(config).length, feeds ? 2 : 0);
    }
    const [atom, rss] = feedHeadTags(configWith({ showLastUpdateTime: true }));
    assert.deepEqual(atom?.attributes, {
      rel: 'alternate',
      type: 'application/atom+xml',
      href: 'https://t.example/wiki/atom.xml',
      title: 'T Atom Feed',
    });
    assert.equal(rss?.attributes.type, 'application/rss+xml');
  });
});

describe('nested and inline tags', () => {
  const config = configWith({});
  const tagged = parseVirtualNotes({
    'a.md': '---\ntags: [plugin/emitter]\n---\n# A',
    'b.md': '---\ntags: [plugin/transformer, plugin]\n---\n# B',
    'c.md': '# C\n\nText with #plugin/emitter and #Extra.',
  });
  const inline = new Map([['c.md', ['plugin/emitter', 'Extra']]]);
  const tags = resolveTags(
    tagged,
    { config, docsDir: '/none', diagnostics: new DiagnosticList(), displayPath: (f) => f },
    (doc) => inline.get(doc.sourcePath),
  );

  it('links each note to its own tags, front matter and inline, at nested routes', () => {
    assert.deepEqual(tags.byDoc.get('a'), [{ label: 'plugin/emitter', href: '/tags/plugin/emitter' }]);
    assert.deepEqual(tags.byDoc.get('c'), [
      { label: 'plugin/emitter', href: '/tags/plugin/emitter' },
      { label: 'Extra', href: '/tags/extra' },
    ]);
    assert.equal(tagRoute('plugin/emitter', config), '/tags/plugin/emitter');
  });

  it("lists a parent tag's notes with its nested tags' (each once), and nests them on the tags list", () => {
    const parent = tags.tags.get('/tags/plugin');
    assert.deepEqual(
      parent?.docs.map((doc) => doc.id),
      ['a', 'b', 'c'],
    );
    assert.equal(tags.tags.get('/tags/plugin/emitter')?.parent, '/tags/plugin');
    const pages = buildTagPageModels(tags, config);
    const list = pages.find((page) => page.route === '/tags')!.contentHtml;
    assert.match(
      list,
      /href="\/wiki\/tags\/plugin">plugin<span class="tag__count">3<\/span><\/a><ul class="tags-list tags-list--nested"><li><a class="tag" href="\/wiki\/tags\/plugin\/emitter">plugin\/emitter<span class="tag__count">2<\/span>/,
    );
    // A nested tag is listed under its parent only, not again among the top-level tags.
    assert.equal(list.match(/href="\/wiki\/tags\/plugin\/emitter"/g)?.length, 1);
    const parentPage = pages.find((page) => page.route === '/tags/plugin')!;
    assert.equal(parentPage.title, '3 docs tagged with "plugin"');
    assert.match(
      parentPage.contentHtml,
      /class="tags tag-page__nested"><li><a class="tag" href="\/wiki\/tags\/plugin\/emitter">/,
    );
  });
});
