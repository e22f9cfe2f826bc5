#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import v8 from 'node:v8';
import { engineModuleUrl } from './engine.mjs';

const INITIAL_OLD_SPACE_MB = 128;

// V8's default heap limit (about 4 GB) can stop a build of 50,000 notes, and it can only be raised when Node starts:
// `build` runs again, once, in a child Node with three quarters of the machine's memory as the limit. V8 sets its
// first full-collection threshold from the limit, so with a large one garbage piled up unchecked (10,000 synthetic
// notes: 931 MB of heap of which 82 MB live); a small initial old space starts collecting early.
const [command] = process.argv.slice(2);
const heapLimitMb = Math.floor((os.totalmem() / 2 ** 20) * 0.75);
const RESPAWNED = 'WIKI_HEAP_SIZED';
if (command === 'build' && !process.env[RESPAWNED] && v8.getHeapStatistics().heap_size_limit < heapLimitMb * 2 ** 20 * 0.9) {
  const heapFlags = [`--max-old-space-size=${heapLimitMb}`, `--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`];
  const child = spawnSync(process.execPath, [...heapFlags, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, [RESPAWNED]: '1' } });
  process.exit(child.status ?? 1);
}

// The young generation keeps V8's default size: `--max-semi-space-size=64` set here only reached isolates created
// later (the search index worker, whose heap it grew by ~90 MB) and saved no time (real corpus, 3 runs each).

// A full collection is cheap here (live data stays small: pages are written as they render), and V8 otherwise lets
// the heap grow up to fourfold between two: 10,000 synthetic notes peaked at 1.0-1.5 GB, with this at about 0.6 GB.
v8.setFlagsFromString('--heap-growing-percent=50');

// React's development build renders pages several times slower; the engine's output is production HTML.
process.env.NODE_ENV ??= 'production';
const { main } = await import(await engineModuleUrl());
process.exitCode = await main(process.argv.slice(2));
