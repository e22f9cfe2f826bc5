/**
 * Runs the engine's CommonJS bundle with V8's code cache: what a run compiled is saved beside the bundle and read back by
 * the next runs, which then neither parse the bundle nor compile the functions they call again (bench/README.md,
 * "Engine start-up"). Node 20 has no compile cache for modules (`module.enableCompileCache` is Node 22's), and
 * v8-compile-cache saves what V8 compiles up front only (not the functions a run calls), in the system's temp folder,
 * and breaks `import()` in what it loads. Plain JavaScript: bin/wiki.mjs runs it before any TypeScript can.
 *
 * A code cache made from a script with `cachedData` loses Node's `import()` callback (ERR_VM_DYNAMIC_IMPORT_CALLBACK_
 * MISSING), so the bundle imports through `importModule` (src/node/engineHooks.ts), which calls the hook set here.
 */
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { contentHash } from '../src/node/bundleCache.mjs';

/** The hooks src/node/engineHooks.ts looks for; the same symbol there. */
const HOOKS = Symbol.for('everything-i-know.engineHooks');

/**
 * How many times the cache is made again: after each of the first builds of an engine (a first build is usually a full
 * one, which never calls what an incremental build does), then it stays.
 */
export const CODE_CACHE_GENERATIONS = 3;

/**
 * V8 refuses a cache made under other flags, and a large site builds in a child Node with heap flags of its own
 * (src/node/pipeline/largeHeap.ts): each set of Node options has its own cache files, `<file>.v8[-<options' hash>]-<n>`.
 */
const OPTIONS_SUFFIX = process.execArgv.length === 0 ? '' : `-${contentHash(...process.execArgv)}`;

/** The cache file of `file`'s generation for this process's Node options. */
export function cacheFileOf(file, generation) {
  return `${file}.v8${OPTIONS_SUFFIX}-${generation}`;
}

/** The newest cache of `file` and its generation, or none. */
function readNewestCache(file) {
  for (let generation = CODE_CACHE_GENERATIONS; generation >= 1; generation--) {
    try {
      return { generation, data: fs.readFileSync(cacheFileOf(file, generation)) };
    } catch {
      // not made yet
    }
  }
  return { generation: 0, data: undefined };
}

/**
 * Loads the CommonJS bundle `file` as require() would, from its code cache where it has one V8 accepts (the bundle's
 * folder is named by its content's hash: it is never rewritten in place, so a cache beside it is its own). Returns its
 * exports. `importModule` is what the bundle's `import()`s go through. Once the run's work is done the bundle calls its
 * `workDone` hook (after a build), which saves the cache of what was compiled while the cache is young or was refused.
 */
export function loadWithCodeCache(file, importModule) {
  const cached = readNewestCache(file);
  const script = new vm.Script(Module.wrap(readSource(file)), {
    filename: file,
    ...(cached.data && { cachedData: cached.data }),
  });
  const refused = cached.data !== undefined && script.cachedDataRejected === true;
  let saved = !refused && cached.generation >= CODE_CACHE_GENERATIONS;
  globalThis[HOOKS] = {
    importModule,
    workDone() {
      if (saved) return;
      saved = true;
      saveCache(file, refused ? 1 : cached.generation + 1, script.createCachedData());
    },
  };
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** The bundle's text: as one-byte text when it is ASCII (bin/asciiBundle.mjs), which decodes faster than UTF-8. */
function readSource(file) {
  const bytes = fs.readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/** The caches of other sets of Node options kept beside this one's (the large-heap child's, a profiling run's). */
const OTHER_OPTION_SETS = 2;

/**
 * Writes the cache whole (staged, then renamed) and removes the older generations', and the caches of all but the
 * OTHER_OPTION_SETS most recently written other sets of options; a failed write is no error.
 */
function saveCache(file, generation, data) {
  const target = cacheFileOf(file, generation);
  const staging = `${target}.tmp-${process.pid}`;
  try {
    fs.writeFileSync(staging, data);
    fs.renameSync(staging, target);
    for (let older = 1; older <= CODE_CACHE_GENERATIONS; older++)
      if (older !== generation) fs.rmSync(cacheFileOf(file, older), { force: true });
    removeOtherOptionSets(file);
  } catch {
    fs.rmSync(staging, { force: true, recursive: true }); // a full disk: the next run compiles as this one did
  }
}

/** Removes the cache files of the other sets of options but the OTHER_OPTION_SETS most recently written. */
function removeOtherOptionSets(file) {
  const dir = path.dirname(file);
  const pattern = new RegExp(`^${path.basename(file).replace(/\./g, '\\.')}\\.v8(-[0-9a-f]{16})?-\\d+$`);
  const others = fs
    .readdirSync(dir)
    .flatMap((name) => {
      const match = pattern.exec(name);
      const suffix = match?.[1] ?? '';
      return match && suffix !== OPTIONS_SUFFIX ? [{ name, suffix }] : [];
    })
    .map((entry) => ({ ...entry, written: fs.statSync(path.join(dir, entry.name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  const kept = new Set();
  for (const { name, suffix } of others) {
    if (kept.size < OTHER_OPTION_SETS) kept.add(suffix);
    if (!kept.has(suffix)) fs.rmSync(path.join(dir, name), { force: true });
  }
}
