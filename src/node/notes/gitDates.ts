/**
 * Each note's last update: the author date and name of the last commit that touched it, read from ONE `git log` over
 * the docs folder (not one process per file, as Docusaurus runs); a note git does not know (no repository, git
 * missing, not committed yet) gets its file's modification time.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** When a note last changed, and who changed it (git's author; unknown for a file's modification time). */
export interface NoteDate {
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly author?: string;
  readonly source: 'git' | 'mtime';
}

/** Each note's date by its docs-relative path ("web/nodejs.md"). */
export type NoteDates = ReadonlyMap<string, NoteDate>;

/** One commit's header in the log: `%aI` and `%an`. */
interface Commit {
  readonly time: number;
  readonly author: string;
}

// Each commit opens with a record separator, its date and author split by a unit separator (neither is in a name).
const COMMIT_FORMAT = '--format=%x1e%aI%x1f%an';

/** The `git log` arguments of the one pass: newest first, renames detected, paths relative to the folder. */
export const GIT_LOG_ARGS: readonly string[] = [
  '-c',
  'log.showSignature=false',
  'log',
  '-z',
  '--relative',
  '--name-status',
  '-M',
  '--no-ext-diff',
  COMMIT_FORMAT,
  '--',
  '.',
];

/**
 * The last change of each path in `git log -z --name-status` output (newest commit first). A pure rename (R100) is
 * no change of the text: the note keeps the date of the last commit that changed it under its older name (the
 * rename's own date when none did). A path whose last change deleted it is absent (it is not committed now).
 */
export function parseGitLog(output: string): Map<string, Commit> {
  const found = new Map<string, Commit | null>();
  const renamedFrom = new Map<string, string>(); // older path -> the path it has now
  const renameDates = new Map<string, Commit>();
  // A name that a later commit renamed away has no file now: its older commits date the file it became, or nothing.
  const forget = (name: string) => {
    renamedFrom.delete(name);
    if (!found.has(name)) found.set(name, null);
  };
  for (const record of output.split('\x1e')) {
    const headerEnd = record.indexOf('\0');
    if (headerEnd < 0) continue;
    const commit = parseHeader(record.slice(0, headerEnd));
    if (!commit) continue;
    const fields = record
      .slice(headerEnd + 1)
      .replace(/^\n/, '')
      .split('\0');
    for (let i = 0; i < fields.length;) {
      const status = fields[i++]!;
      if (status === '') continue;
      const twoPaths = status.startsWith('R') || status.startsWith('C');
      const from = twoPaths ? fields[i++]! : undefined;
      const to = fields[i++];
      if (to === undefined) break;
      const current = renamedFrom.get(to) ?? to;
      if (current !== to) forget(to);
      if (status.startsWith('R') && from !== undefined && !renamedFrom.has(from)) forget(from);
      if (found.has(current)) continue;
      if (status === 'R100' && from !== undefined) {
        if (!renameDates.has(current)) renameDates.set(current, commit);
        renamedFrom.set(from, current);
      } else found.set(current, status === 'D' ? null : commit);
    }
  }
  const result = new Map<string, Commit>();
  for (const [filePath, commit] of renameDates) if (!found.has(filePath)) result.set(filePath, commit);
  for (const [filePath, commit] of found) if (commit) result.set(filePath, commit);
  return result;
}

function parseHeader(header: string): Commit | undefined {
  const split = header.indexOf('\x1f');
  if (split < 0) return undefined;
  const time = Date.parse(header.slice(0, split));
  return Number.isNaN(time) ? undefined : { time, author: header.slice(split + 1) };
}

/** Runs the one `git log` pass in the docs folder; undefined when it cannot (git missing, not a repository). */
export function runGitLog(docsDir: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let cwd: string;
    try {
      cwd = fs.realpathSync(docsDir); // a symbolic link to a folder of another repository: that repository's history
    } catch {
      resolve(undefined);
      return;
    }
    if (!isInGitRepository(cwd)) {
      resolve(undefined); // git would only say so: starting it cost every build outside a repository ~5 ms
      return;
    }
    execFile(
      'git',
      [...GIT_LOG_ARGS],
      { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}

/**
 * Stage 1's companion: every note's last update (git's, else its file's modification time: `modifiedTime`'s when it
 * knows the file, else read now). Never rejects: a problem with git leaves every note its modification time.
 */
export async function readNoteDates(
  docsDir: string,
  notes: readonly { readonly sourcePath: string; readonly filePath: string }[],
  modifiedTime: (filePath: string) => number | undefined = () => undefined,
): Promise<NoteDates> {
  const log = await runGitLog(docsDir);
  const commits = log === undefined ? new Map<string, Commit>() : parseGitLog(log);
  const dates = new Map<string, NoteDate>();
  for (const note of notes) {
    const commit = commits.get(note.sourcePath);
    if (commit) {
      dates.set(note.sourcePath, { time: commit.time, author: commit.author, source: 'git' });
      continue;
    }
    const time = modifiedTime(note.filePath) ?? readModifiedTime(note.filePath);
    if (time !== undefined) dates.set(note.sourcePath, { time, source: 'mtime' });
  }
  return dates;
}

function readModifiedTime(filePath: string): number | undefined {
  try {
    return fs.statSync(filePath).mtimeMs;
  } catch {
    return undefined; // removed since the scan: the note has no date
  }
}

/**
 * Whether git finds a repository from `dir`: a `.git` (a folder, or a worktree's file) in it or a folder above, or
 * GIT_DIR set.
 */
export function isInGitRepository(dir: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, '.git'))) return true;
    if (path.dirname(at) === at) return false;
  }
}
