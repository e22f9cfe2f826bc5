/**
 * `wiki dev` on notes dated by git (src/node/dev/gitCheckout.ts): a commit moves a note's date without touching the
 * note, so the session watches the git folder and builds the site again when HEAD moved, as the next `wiki build`
 * would date it; git's other writes (its index, at every `git status`) change nothing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readSiteFile } from '../../src/node/dev/devSite.js';
import { createDevSession } from '../../src/node/dev/session.js';
import { watchPaths } from '../../src/node/dev/watch.js';
import { makeDocsSite, writeDocsNote, writeSiteFile } from '../helpers/docsSite.js';

function git(repo: string, args: readonly string[], date?: string): void {
  execFileSync('git', args, {
    cwd: repo,
    stdio: 'ignore',
    env: { ...process.env, ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) },
  });
}

/** Commits everything in the repository as `author`, dated `date`. */
function commitAll(repo: string, author: string, date: string): void {
  git(repo, ['add', '-A']);
  git(repo, ['-c', `user.name=${author}`, 'commit', '-q', '-m', `by ${author}`], date);
}

/** A site in a repository of its own, its notes committed once, and a dev session on it that shows their dates. */
function committedSite() {
  const site = makeDocsSite('wiki-dev-git-', { 'alpha.md': '# Alpha\n\nWords.\n', 'beta.md': '# Beta\n\nWords.\n' });
  writeSiteFile(
    site,
    'wiki.config.ts',
    "export default { title: 'Git', url: 'https://git.example.com', docs: { showLastUpdateTime: true, showLastUpdateAuthor: true } };\n",
  );
  git(site, ['init', '-q']);
  git(site, ['config', 'user.email', 'test@example.org']);
  git(site, ['config', 'commit.gpgsign', 'false']);
  commitAll(site, 'Ada', '2024-01-02T10:00:00Z');
  const session = createDevSession({ configPath: path.join(site, 'wiki.config.ts'), log: () => undefined });
  return { site, session };
}

describe('wiki dev on notes dated by git', () => {
  it('dates an edited note by its new commit once HEAD moves, and ignores git writes that leave HEAD', async () => {
    const { site, session } = committedSite();
    assert.ok(await session.start());
    const alpha = async () => String(await readSiteFile(session.site!, '__data/alpha.json'));
    assert.match(await alpha(), /"date":"2024-01-02T10:00:00\.000Z"[^}]*"author":"Ada"/);
    const gitDir = fs.realpathSync(path.join(site, '.git'));
    assert.ok(session.watchTargets().some((target) => target.path === gitDir && target.kind === 'folder'));

    writeDocsNote(site, 'alpha.md', '# Alpha\n\nWords, edited.\n');
    await session.applyChanges(new Set([path.join(site, 'docs/alpha.md')]));
    assert.match(await alpha(), /"date":"2024-01-02T10:00:00\.000Z"/, 'not committed yet: the last commit dates it');

    const untouched = await session.applyChanges(new Set([path.join(gitDir, 'index')]));
    assert.equal(untouched, undefined, 'HEAD did not move: nothing to tell the tabs');

    commitAll(site, 'Grace', '2025-03-04T08:30:00Z');
    const message = await session.applyChanges(new Set([path.join(gitDir, 'logs/HEAD')]));
    assert.match(await alpha(), /"date":"2025-03-04T08:30:00\.000Z"[^}]*"author":"Grace"/);
    assert.ok(message?.type === 'update' && message.reload.includes('/alpha'), JSON.stringify(message));
    assert.match(String(await readSiteFile(session.site!, '__data/beta.json')), /"author":"Ada"/);
    session.site!.cancelled = true;
  });

  it('has a commit reported by the watcher of its targets', async () => {
    const { site, session } = committedSite();
    assert.ok(await session.start());
    const reported = new Set<string>();
    let seen: () => void = () => undefined;
    const committed = new Promise<void>((resolve) => (seen = resolve));
    const watcher = watchPaths(session.watchTargets(), (paths) => {
      for (const filePath of paths) reported.add(filePath);
      if ([...reported].some((filePath) => filePath.includes(`${path.sep}.git${path.sep}`))) seen();
    });
    try {
      await watcher.ready;
      writeDocsNote(site, 'beta.md', '# Beta\n\nWords, edited.\n');
      commitAll(site, 'Grace', '2025-03-04T08:30:00Z');
      await Promise.race([committed, new Promise((resolve) => setTimeout(resolve, 5000))]);
      const inGit = [...reported].filter((filePath) => filePath.includes(`${path.sep}.git${path.sep}`));
      assert.ok(inGit.length > 0, `reported: ${[...reported].join(', ')}`);
      assert.ok(
        inGit.every((filePath) => !/[/\\](objects|index)([/\\]|$)/.test(filePath)),
        `git's objects and index are not watched: ${inGit.join(', ')}`,
      );
    } finally {
      watcher.close();
      session.site!.cancelled = true;
    }
  });
});
