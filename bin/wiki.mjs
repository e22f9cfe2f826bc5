#!/usr/bin/env node
// The engine runs from its TypeScript sources through tsx (esbuild-based): no compile step to forget.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/node/cli.ts');
process.exitCode = await main(process.argv.slice(2));
