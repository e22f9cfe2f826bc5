/**
 * Whether the engine runs from its bundle (bin/engine.mjs), and which: a module of its own, with no side effect, so
 * that code also bundled into a site's renderer (src/node/render/loadRenderer.ts), which lives outside the engine's
 * package, can ask without engineRoot.ts looking for the package from there.
 */

/** The hash of the engine's sources and build inputs that names its bundle, set by bin/engine.mjs in that bundle. */
declare const WIKI_ENGINE_SOURCES: string | undefined;

/** The engine's sources' hash when it runs from its bundle; undefined when it runs from its sources (the tests). */
export const engineSourcesHash = typeof WIKI_ENGINE_SOURCES === 'string' ? WIKI_ENGINE_SOURCES : undefined;
