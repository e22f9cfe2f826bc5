import { createRequire } from 'node:module';
import type * as ReactDomServer from 'react-dom/server';

const requireHere = createRequire(import.meta.url);

/**
 * react-dom/server's renderToString, required by the first page rendered rather than by every build: an incremental
 * build links most pages from the last one and hands the few it renders to the render pool, so its main thread need
 * not load it (require's own cache keeps it once loaded).
 */
export function renderToString(...args: Parameters<typeof ReactDomServer.renderToString>): string {
  return (requireHere('react-dom/server') as typeof ReactDomServer).renderToString(...args);
}
