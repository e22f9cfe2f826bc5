#!/usr/bin/env node
import v8 from 'node:v8';
import { engineModuleUrl } from './engine.mjs';

// A build of a large docs folder runs again in a child Node with a larger heap: src/node/pipeline/largeHeap.ts.

// The young generation keeps V8's default size: `--max-semi-space-size=64` set here only reached isolates created
// later (the search index worker, whose heap it grew by ~90 MB) and saved no time (real corpus, 3 runs each).

// A build is short: TurboFan's compiling (a fifth of a corpus build's CPU, on background threads that compete with
// the two working threads for the two cores) does not pay back the largest inlining, nor optimising lukewarm code.
// Real corpus, 4 alternating builds each: 6.0 -> 5.4 s of user CPU and 3.66 -> 3.4 s wall with the first line.
v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=100');
v8.setFlagsFromString('--interrupt-budget=270000');

// React's development build renders pages several times slower; the engine's output is production HTML.
process.env.NODE_ENV ??= 'production';
const { main } = await import(await engineModuleUrl());
process.exitCode = await main(process.argv.slice(2));
