#!/usr/bin/env node
import v8 from 'node:v8';
import { loadWithCodeCache } from './codeCache.mjs';
import { engineBundlePath } from './engine.mjs';
import { mapStackTraces } from './stackTraces.mjs';

// A build of a large docs folder runs again in a child Node with a larger heap: src/node/pipeline/largeHeap.ts.

// The young generation keeps V8's default size: a larger one set here only reaches isolates created later (the search
// index worker), growing their heaps for no time saved (bench/README.md, "Recorded measurements").

// A build is short: TurboFan's compiling, on background threads that compete with the working threads for the cores,
// does not pay back the largest inlining, nor optimising lukewarm code (bench/README.md, "Recorded measurements").
v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=100');
v8.setFlagsFromString('--interrupt-budget=270000');

// React's development build renders pages several times slower; the engine's output is production HTML.
process.env.NODE_ENV ??= 'production';
const engineFile = await engineBundlePath();
// Stack traces name the engine's TypeScript sources: each frame is mapped through its bundle's map when a trace is made.
mapStackTraces(engineFile);
// The engine's import() of a site's config, renderer or MDX bundle is this module's (bin/codeCache.mjs).
const { main } = loadWithCodeCache(engineFile, (specifier) => import(specifier));
process.exitCode = await main(process.argv.slice(2));
