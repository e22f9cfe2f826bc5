#!/usr/bin/env node
// `npm install` runs this: compiles native/wiki_fs.c (atomic folder swap, build lock, child ends with its parent) with
// the node-gyp that npm ships. Without a C compiler the engine still works, with the weaker fallbacks that
// src/node/pipeline/nativeFs.ts describes, so a failure here is a warning, not a failed install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const nativeDir = path.join(root, 'native');

function nodeGypScript() {
  if (process.env.npm_config_node_gyp && fs.existsSync(process.env.npm_config_node_gyp))
    return process.env.npm_config_node_gyp;
  // npm's own copy, beside the npm that runs this script (npm_execpath is npm's CLI script).
  const npmCli = process.env.npm_execpath;
  const candidate = npmCli && path.resolve(path.dirname(npmCli), '../node_modules/node-gyp/bin/node-gyp.js');
  return candidate && fs.existsSync(candidate) ? candidate : undefined;
}

if (process.platform !== 'linux') {
  console.log('wiki: native helpers are Linux-only; the engine uses its portable fallbacks here.');
  process.exit(0);
}
const script = nodeGypScript();
// npm sets npm_config_nodedir when Node's headers are installed locally (no download needed).
const nodedir = process.env.npm_config_nodedir ? [`--nodedir=${process.env.npm_config_nodedir}`] : [];
const result = script
  ? spawnSync(process.execPath, [script, 'rebuild', ...nodedir], {
      cwd: nativeDir,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    })
  : undefined;
if (!result || result.status !== 0) {
  const why = result
    ? result.stderr
        .split('\n')
        .filter((line) => /error/i.test(line))
        .slice(0, 5)
        .join('\n')
    : 'node-gyp was not found beside npm';
  console.warn(
    `wiki: warning: could not compile native/wiki_fs.c, so \`wiki build\` swaps its output with two renames instead of one atomic exchange.\n${why}\nInstall a C compiler and Node's headers (Debian: apt-get install build-essential nodejs-dev), then run \`npm rebuild\` or \`node scripts/build-native.mjs\`.`,
  );
}
