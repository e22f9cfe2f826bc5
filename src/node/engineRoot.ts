/**
 * Where the engine's files are. The CLI runs the engine as an esbuild bundle in the engine's cache (bin/engine.mjs),
 * which may be outside the package, and tests run it from src/ through tsx, so paths relative to a module's own URL
 * differ between the two: every engine file is found from the package root instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'everything-i-know';

/** The folder holding the engine's package.json, found by walking up from this module (source or bundle). */
function findEngineRoot(from: string): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME
    )
      return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`Can't find the engine's package.json (name "${PACKAGE_NAME}") above ${from}.`);
  }
}

/** The package root, set by bin/engine.mjs in the bundle it makes; undefined when running from sources. */
declare const WIKI_ENGINE_ROOT: string | undefined;

export const engineRoot =
  typeof WIKI_ENGINE_ROOT === 'string' ? WIKI_ENGINE_ROOT : findEngineRoot(fileURLToPath(import.meta.url));

/** An engine file's absolute path from its path in the package, e.g. enginePath('src/theme'). */
export function enginePath(...parts: string[]): string {
  return path.join(engineRoot, ...parts);
}
