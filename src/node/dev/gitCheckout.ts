/**
 * Notes are dated by their last commit (notes/gitDates.ts), so a commit, a checkout or a reset moves dates without
 * touching a note: `wiki dev` watches the repository's git folder and builds the site again when HEAD moved.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isInGitRepository } from '../notes/gitDates.js';
import type { WatchTarget } from './watch.js';

/** The git folder of the repository the docs are in, and the commit checked out ('none' before the first). */
export interface GitCheckout {
  readonly gitDir: string;
  readonly head: string;
  /** The docs folder's real path, where git is run. */
  readonly cwd: string;
}

/**
 * What git folders hold that no commit or checkout changes, and that can be large (objects, submodules' and LFS's
 * stores) or rewritten at every `git status` (the index); lock files come and go within one git command.
 */
const UNWATCHED_GIT_NAMES = new Set(['objects', 'modules', 'lfs', 'hooks', 'index']);

/** The checkout of the repository `docsDir` is in (through a symbolic link, that folder's); undefined outside one. */
export function readGitCheckout(docsDir: string): GitCheckout | undefined {
  let cwd: string;
  try {
    cwd = fs.realpathSync(docsDir);
  } catch {
    return undefined;
  }
  if (!isInGitRepository(cwd)) return undefined;
  const gitDir = runGit(cwd, ['rev-parse', '--absolute-git-dir']);
  if (gitDir === undefined) return undefined;
  // Resolved: git prints `/`-separated paths on Windows too, and the watcher reports paths in the platform's form.
  return { gitDir: path.resolve(gitDir), head: readHead(cwd), cwd };
}

/** Whether HEAD is another commit than `checkout`'s now (a commit, a checkout, a reset...). */
export function headMoved(checkout: GitCheckout): boolean {
  return readHead(checkout.cwd) !== checkout.head;
}

function readHead(cwd: string): string {
  return runGit(cwd, ['rev-parse', '-q', '--verify', 'HEAD']) ?? 'none';
}

/** The git folder, as `wiki dev` watches it: refs, HEAD and their logs, which every commit and checkout write. */
export function gitFolderTarget(checkout: GitCheckout): WatchTarget {
  return {
    path: checkout.gitDir,
    kind: 'folder',
    skipName: (name) => UNWATCHED_GIT_NAMES.has(name) || name.endsWith('.lock'),
  };
}

function runGit(cwd: string, args: readonly string[]): string | undefined {
  const result = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
