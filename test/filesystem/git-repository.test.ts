/**
 * Whether a docs folder is in a git repository (src/node/notes/gitDates.ts): only then is git started for the notes'
 * dates and the checked-out commit; outside one, git would only say there is none.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isInGitRepository } from '../../src/node/notes/gitDates.js';
import { makeTempDir, repoRoot } from '../helpers/cli.js';

describe('a git repository around a folder', () => {
  it('is found from a folder inside it, and from the folder of a worktree (whose .git is a file)', () => {
    assert.equal(isInGitRepository(path.join(repoRoot, 'src/node')), true);
    const worktree = makeTempDir('wiki-git-worktree-');
    fs.writeFileSync(path.join(worktree, '.git'), 'gitdir: /elsewhere/.git/worktrees/docs\n');
    fs.mkdirSync(path.join(worktree, 'docs/deep'), { recursive: true });
    assert.equal(isInGitRepository(path.join(worktree, 'docs/deep')), true);
  });

  it('is not found outside one, unless GIT_DIR names it', () => {
    const folder = makeTempDir('wiki-no-git-');
    assert.ok(!fs.existsSync('/.git') && !fs.existsSync(path.join(path.dirname(folder), '.git')));
    const saved = process.env.GIT_DIR;
    try {
      delete process.env.GIT_DIR;
      assert.equal(isInGitRepository(folder), false);
      process.env.GIT_DIR = path.join(repoRoot, '.git');
      assert.equal(isInGitRepository(folder), true);
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });
});
