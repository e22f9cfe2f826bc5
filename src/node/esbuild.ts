import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuildModule from 'esbuild';

const requireHere = createRequire(import.meta.url);

/**
 * esbuild, required when a bundle is made rather than by every build: the config, the browser code and the page
 * renderer are each bundled once, then taken from the engine's cache (require's own cache keeps it once loaded).
 */
export function esbuild(): typeof esbuildModule {
  return requireHere('esbuild') as typeof esbuildModule;
}

/**
 * How each module this process imports is bundled (the config, the page renderer, the MDX notes): one ES module for
 * the Node the engine runs on, kept in memory (its caller writes it where it is cached), esbuild's own logging off
 * (its errors are thrown and formatted by the caller).
 */
export const NODE_MODULE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'silent',
} as const satisfies esbuildModule.BuildOptions;

/**
 * The files a bundle was made from, as absolute paths: its metafile's inputs, relative to esbuild's working folder
 * (`absWorkingDir`), but those of plugins' namespaces (`name:...`), which are not files.
 */
export function fileInputs(metafile: esbuildModule.Metafile, workingDir = process.cwd()): string[] {
  return Object.keys(metafile.inputs)
    .filter((input) => !/^[\w-]+:/.test(input))
    .map((input) => path.resolve(workingDir, input));
}

/**
 * The `pluginData` of a resolution one of the engine's esbuild plugins asks for itself (`build.resolve`): every plugin
 * leaves such a resolution to esbuild's own rules. Were each to mark only its own, two of them would ask each other
 * without end for an import nothing resolves (a package not installed).
 */
export const INNER_RESOLVE = { from: 'wiki-plugin' };
