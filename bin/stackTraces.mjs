/**
 * Stack traces that name the engine's TypeScript sources, not its bundle's files, made when a trace is formatted (an
 * unexpected error reaching the top) instead of Node reading every bundle file's source map as it loads, in every build
 * (`--enable-source-maps` costs each thread ~20 ms: bench/README.md). Plain JavaScript: it is installed before the
 * engine's bundle is loaded.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A bundle file's source map (its linked `.map` file beside it), or null when it has none. */
const maps = new Map();

function sourceMapOf(file) {
  if (!maps.has(file)) {
    let map = null;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      // not a bundle file of ours, or its map is gone: the frame stays as it is
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

/** `/…/engine-<hash>/cli.cjs:12:34` -> `/…/src/node/x.ts:56:7`, for a location in one of `bundleDir`'s files. */
function mapLocation(location, bundleDir) {
  return location.replace(/((?:file:\/\/)?\/[^\s()]+\.cjs):(\d+):(\d+)/g, (whole, name, line, column) => {
    const file = name.startsWith('file:') ? fileURLToPath(name) : name;
    if (path.dirname(file) !== bundleDir) return whole;
    const entry = sourceMapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry?.originalSource) return whole;
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(bundleDir, entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** Formats every later stack trace of this thread with the frames of `bundleFile`'s folder mapped to the sources. */
export function mapStackTraces(bundleFile) {
  const bundleDir = path.dirname(bundleFile);
  Error.prepareStackTrace = (error, callSites) => {
    let header;
    try {
      header = String(error); // Node's own errors name their code: "RangeError [ERR_SOCKET_BAD_PORT]: ..."
    } catch {
      header = Object.prototype.toString.call(error);
    }
    return header + callSites.map((site) => `\n    at ${mapLocation(String(site), bundleDir)}`).join('');
  };
}
