/**
 * What bin/codeCache.mjs gives the engine's bundle when it runs it from V8's code cache: the `import()` of the launcher
 * (a script compiled with a code cache has none of its own) and a hook told when a build's work is done (the cache is
 * saved then, holding what the build compiled). Run from its sources (the tests), the engine has neither.
 */

/** The same symbol as bin/codeCache.mjs's. */
const HOOKS = Symbol.for('everything-i-know.engineHooks');

interface EngineHooks {
  importModule(specifier: string): Promise<unknown>;
  workDone(): void;
}

function hooks(): EngineHooks | undefined {
  return (globalThis as { [HOOKS]?: EngineHooks })[HOOKS];
}

/** `import(specifier)` of a module outside the engine's bundle: a site's config, renderer or MDX bundle, a package. */
export function importModule(specifier: string): Promise<unknown> {
  return hooks()?.importModule(specifier) ?? import(specifier);
}

/** Tells the launcher that a build is done: what it compiled is worth keeping for the next runs. */
export function buildWorkDone(): void {
  hooks()?.workDone();
}
