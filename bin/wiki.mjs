#!/usr/bin/env node
// The engine runs from its TypeScript sources through tsx (esbuild-based): no compile step to forget.
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { register } from 'tsx/esm/api';

// A larger young generation: building allocates many short-lived strings, and the default size made
// garbage collection a third of build time (measured on the real corpus: 6.4 s -> 4.9 s).
v8.setFlagsFromString('--max-semi-space-size=64');

// React's development build renders pages several times slower; the engine's output is production HTML.
process.env.NODE_ENV ??= 'production';
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/node/cli.ts');
process.exitCode = await main(process.argv.slice(2));
