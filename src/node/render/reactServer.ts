import { createRequire } from 'node:module';
import type * as ReactDomServer from 'react-dom/server';
import { engineSourcesHash } from '../engineSources.js';

const requireHere = createRequire(import.meta.url);

/**
 * react-dom/server's renderToString, required by the first page rendered rather than by every build: an incremental
 * build links most pages from the last one and hands the few it renders to the render pool, so its main thread need
 * not load it (require's own cache keeps it once loaded).
 */
export function renderToString(...args: Parameters<typeof ReactDomServer.renderToString>): string {
  return reactDomServer().renderToString(...args);
}

/**
 * In the engine's bundle (CommonJS: its `require` is the bundle's), a production build renders with the copy
 * bin/engine.mjs bundled, compiled from the bundle's code cache. From the sources (the tests), in a site's renderer
 * bundle (src/node/render/loadRenderer.ts) or with another NODE_ENV: the package's own entry.
 */
function reactDomServer(): typeof ReactDomServer {
  if (engineSourcesHash !== undefined && process.env.NODE_ENV === 'production') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require esbuild bundles (see above)
    return require('react-dom/server') as typeof ReactDomServer;
  }
  return requireHere('react-dom/server') as typeof ReactDomServer;
}
