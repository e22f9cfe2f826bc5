/** Starts the engine's worker threads the same way whether the engine runs bundled (the CLI) or from sources (tests). */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { enginePath } from './engineRoot.js';

/** Every worker entry: its bundle name (bin/wiki.mjs bundles each as `<name>.mjs`) -> its source file. */
export const workerEntries = {
  indexWorker: 'src/node/search/indexWorker.ts',
  renderWorker: 'src/node/pipeline/renderWorker.ts',
} as const;

export type WorkerName = keyof typeof workerEntries;

/**
 * The build's workers allocate in short bursts (a batch of notes, a page): a small young generation keeps each
 * isolate's memory down at the cost of a few more minor collections (bench/README.md).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** A new worker running `name`: the bundled sibling chunk, or the TypeScript source through tsx. */
export function startWorker(name: WorkerName, options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, import.meta.url), options);
  // On Node 20 a worker cannot start from a .ts file even with tsx's --import: a one-line bootstrap loads it.
  const source = pathToFileURL(enginePath(workerEntries[name])).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}
