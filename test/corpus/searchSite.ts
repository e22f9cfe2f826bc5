/** Shared by the search browser tests and bench/search.ts: the real corpus built once and served as `wiki serve` does. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { directoryFiles, startSiteServer, type SiteServer } from '../../src/node/server/index.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';
import { corpusDir } from './sharedFolder.js';

/** `wiki build --docs <real corpus>` with the site's config (this repository's) into a temp folder; returns the folder and the CLI's summary line. */
export async function buildCorpusSite(): Promise<{ outDir: string; summary: string }> {
  const outDir = path.join(makeTempDir('wiki-search-'), 'build');
  const result = await runWiki(['build', '--config', 'wiki.config.ts', '--docs', corpusDir, '--out', outDir]);
  assert.equal(result.code, 0, result.stderr);
  return { outDir, summary: result.stdout.trim().split('\n').pop() ?? '' };
}

/** The built site on 127.0.0.1 with the server's default headers (its CSP included). */
export function serveSearchSite(outDir: string): Promise<SiteServer> {
  return startSiteServer({ files: directoryFiles(outDir), port: 0 });
}
