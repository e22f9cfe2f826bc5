import { createRequire } from 'node:module';
import type * as esbuildModule from 'esbuild';

const requireHere = createRequire(import.meta.url);

/**
 * esbuild, required when a bundle is made rather than by every build: the config, the browser code and the page
 * renderer are each bundled once, then taken from the engine's cache (require's own cache keeps it once loaded).
 */
export function esbuild(): typeof esbuildModule {
  return requireHere('esbuild') as typeof esbuildModule;
}
