/**
 * The one `git log` pass's parser (issue 24, part 6): each path's last change from `git log -z --name-status` output,
 * captured from real repositories (newest commit first), renames and deletions included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GIT_LOG_ARGS, parseGitLog } from '../../src/node/notes/gitDates.js';

/** One commit of the log as `git log -z --name-status --format=%x1e%aI%x1f%an` writes it. */
const commit = (date: string, author: string, ...changes: string[][]) =>
  `\x1e${date}\x1f${author}\0\n${changes.map((fields) => fields.map((field) => `${field}\0`).join('')).join('')}`;

interface LogCase {
  readonly name: string;
  readonly log: string;
  /** path -> [ISO date, author]; paths not named must be absent. */
  readonly expected: Readonly<Record<string, readonly [string, string]>>;
}

const cases: readonly LogCase[] = [
  {
    name: 'captured: an add, a pure rename into a folder, a later edit and a new file with spaces and accents',
    // Captured from a repository of three commits (`git mv a.md sub/a2.md` in the second).
    log:
      '\x1e2026-11-26T00:28:58+00:00\x1fBob\0\nA\0sp ace é.md\0M\0sub/b.md\0' +
      '\x1e2024-02-02T00:00:00+00:00\x1fAda Lovelace\0\nR100\0a.md\0sub/a2.md\0' +
      '\x1e2024-01-02T03:04:05+00:00\x1fAda Lovelace\0\nA\0a.md\0A\0sub/b.md\0',
    expected: {
      'sp ace é.md': ['2026-11-26T00:28:58.000Z', 'Bob'],
      'sub/b.md': ['2026-11-26T00:28:58.000Z', 'Bob'],
      // A rename changes no text: the note keeps the date its text last changed under its older name.
      'sub/a2.md': ['2024-01-02T03:04:05.000Z', 'Ada Lovelace'],
    },
  },
  {
    name: 'the newest commit wins; time zones are kept as the instant they name',
    log:
      commit('2024-05-01T10:00:00+02:00', 'Grace', ['M', 'x.md']) +
      commit('2024-04-01T10:00:00+00:00', 'Ada', ['M', 'x.md'], ['M', 'y.md']),
    expected: { 'x.md': ['2024-05-01T08:00:00.000Z', 'Grace'], 'y.md': ['2024-04-01T10:00:00.000Z', 'Ada'] },
  },
  {
    name: 'a rename with edits (R087) is a change; a chain of pure renames follows back to the last edit',
    log:
      commit('2024-03-01T00:00:00Z', 'C', ['R087', 'old.md', 'new.md'], ['R100', 'b.md', 'c.md']) +
      commit('2024-02-01T00:00:00Z', 'B', ['R100', 'a.md', 'b.md']) +
      commit('2024-01-01T00:00:00Z', 'A', ['A', 'old.md'], ['A', 'a.md']),
    expected: { 'new.md': ['2024-03-01T00:00:00.000Z', 'C'], 'c.md': ['2024-01-01T00:00:00.000Z', 'A'] },
  },
  {
    name: 'a pure rename whose older name has no history in the folder keeps the rename date',
    log: commit('2024-03-01T00:00:00Z', 'C', ['R100', 'elsewhere.md', 'here.md']),
    expected: { 'here.md': ['2024-03-01T00:00:00.000Z', 'C'] },
  },
  {
    name: 'a file whose last change deleted it is absent, even when older commits changed it',
    log: commit('2024-03-01T00:00:00Z', 'C', ['D', 'gone.md']) + commit('2024-01-01T00:00:00Z', 'A', ['A', 'gone.md']),
    expected: {},
  },
  {
    name: 'a name reused after a rename: the new file and the renamed one each get their own date',
    log:
      commit('2024-03-01T00:00:00Z', 'C', ['A', 'a.md']) +
      commit('2024-02-01T00:00:00Z', 'B', ['R100', 'a.md', 'b.md']) +
      commit('2024-01-01T00:00:00Z', 'A', ['A', 'a.md']),
    expected: { 'a.md': ['2024-03-01T00:00:00.000Z', 'C'], 'b.md': ['2024-01-01T00:00:00.000Z', 'A'] },
  },
  {
    name: 'merge commits (a header without files), copies and type changes',
    log:
      commit('2024-04-01T00:00:00Z', 'Merger') +
      commit('2024-03-01T00:00:00Z', 'C', ['C075', 'src.md', 'copy.md'], ['T', 'link.md']) +
      commit('2024-01-01T00:00:00Z', 'A', ['A', 'src.md']),
    expected: {
      'copy.md': ['2024-03-01T00:00:00.000Z', 'C'],
      'link.md': ['2024-03-01T00:00:00.000Z', 'C'],
      'src.md': ['2024-01-01T00:00:00.000Z', 'A'],
    },
  },
  {
    name: 'an author name with spaces and punctuation, and a header with an unreadable date, skipped',
    log:
      commit('not a date', 'Nobody', ['M', 'x.md']) +
      commit('2024-01-01T00:00:00Z', "Zoë O'Brien-Smith <zo>", ['M', 'x.md']),
    expected: { 'x.md': ['2024-01-01T00:00:00.000Z', "Zoë O'Brien-Smith <zo>"] },
  },
  { name: 'no output (no commit touched the folder)', log: '', expected: {} },
];

describe('parseGitLog', () => {
  for (const c of cases) {
    it(c.name, () => {
      const parsed = parseGitLog(c.log);
      const actual = Object.fromEntries(
        [...parsed].map(([file, { time, author }]) => [file, [new Date(time).toISOString(), author]]),
      );
      assert.deepEqual(actual, c.expected);
    });
  }

  it('asks git for NUL-separated paths relative to the folder, newest first, renames detected', () => {
    for (const flag of ['-z', '--relative', '--name-status', '-M']) assert.ok(GIT_LOG_ARGS.includes(flag), flag);
    assert.ok(!GIT_LOG_ARGS.some((arg) => arg.startsWith('--follow') || arg === '--reverse'));
  });
});
