/**
 * The CLI runs the engine as an esbuild bundle (bin/engine.mjs): every worker entry that src/node/workers.ts starts
 * must be one of the bundle's entries, and engine files must be found from the package root in both forms.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { engineRoot, enginePath } from '../../src/node/engineRoot.js';
import { workerEntries } from '../../src/node/workers.js';
import { repoRoot } from '../helpers/cli.js';

test('engineRoot is the package root, from the sources', () => {
  assert.equal(engineRoot, repoRoot);
  assert.ok(fs.existsSync(enginePath('src/theme/App/index.tsx')));
});

test('every worker entry is a src/node/**/<name>.ts file that the engine bundle names <name>.mjs', async () => {
  const { engineModuleUrl } = (await import(pathToFileURL(path.join(repoRoot, 'bin/engine.mjs')).href)) as { engineModuleUrl: () => Promise<string> };
  const bundleDir = path.dirname(new URL(await engineModuleUrl()).pathname);
  for (const [name, source] of Object.entries(workerEntries)) {
    assert.equal(path.basename(source, '.ts'), name);
    assert.ok(fs.existsSync(path.join(repoRoot, source)), source);
    assert.ok(fs.existsSync(path.join(bundleDir, `${name}.mjs`)), `${name}.mjs in ${bundleDir}`);
  }
});
