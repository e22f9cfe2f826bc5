import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { htmlPathForRoute, asRoute } from '../../src/shared/paths.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';
import { corpusDir, oracleDir } from './sharedFolder.js';

// The real notes corpus builds end to end with the CLI, and every route of the reference exists as a page.

describe('the real corpus through `wiki build`', () => {
  it('builds with no errors and writes a page for every oracle route', async () => {
    const outDir = path.join(makeTempDir(), 'build');
    const result = await runWiki(['build', '--config', 'wiki.config.ts', '--docs', corpusDir, '--out', outDir]);
    assert.equal(result.code, 0, result.stderr);
    // The reference's 1,063 routes, and the two pages the project's config adds: /recent and /graph.
    assert.match(result.stdout, /1062 notes, 1065 routes, 0 error\(s\)/);
    for (const page of ['recent.html', 'graph.html']) assert.ok(fs.existsSync(path.join(outDir, page)), page);
    const routes = fs.readFileSync(path.join(oracleDir, 'routes.txt'), 'utf8').trim().split('\n');
    const missing = routes.filter((route) => !fs.existsSync(path.join(outDir, htmlPathForRoute(asRoute(route)))));
    assert.deepEqual(missing, []);
    const rust = fs.readFileSync(path.join(outDir, 'programming-languages/rust/rust-libraries/index.html'), 'utf8');
    assert.match(rust, /<title>Rust libraries \| Everything I know<\/title>/);
    assert.ok(fs.existsSync(path.join(outDir, '404.html')));
  });
});
