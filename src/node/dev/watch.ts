/**
 * Watches the docs folder, the static folder and the config file, and reports changed paths in batches.
 * Node's own fs.watch is enough here: `recursive` works on Linux since Node 20 (and on macOS and Windows
 * natively), so no watcher dependency (chokidar) is needed; editors that save through a temporary file and a
 * rename show up as events on the final path, and batching over a few milliseconds merges their steps.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface WatchTarget {
  readonly path: string;
  /** Watch a folder with everything below it; a single file is watched through its folder (saves that replace the file keep working). */
  readonly kind: 'folder' | 'file';
}

export interface Watcher {
  close(): void;
}

// Editor droppings and hidden files never change the site.
const ignoredName = /(^|[/\\])(\.[^/\\]*|[^/\\]*~|[^/\\]*\.sw[px]|4913)$/;

/** Calls onChange with the absolute paths that changed, batched over `delayMs`. */
export function watchPaths(targets: readonly WatchTarget[], onChange: (paths: Set<string>) => void, delayMs = 15): Watcher {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const report = (filePath: string) => {
    if (ignoredName.test(filePath)) return;
    pending.add(filePath);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = pending;
      pending = new Set();
      onChange(batch);
    }, delayMs);
  };
  const watchers: fs.FSWatcher[] = [];
  for (const target of targets) {
    const dir = target.kind === 'folder' ? target.path : path.dirname(target.path);
    if (!fs.existsSync(dir)) continue;
    const watcher = fs.watch(dir, { recursive: target.kind === 'folder' }, (_event, name) => {
      if (name === null) return;
      const filePath = path.join(dir, name.toString());
      if (target.kind === 'folder' || filePath === target.path) report(filePath);
    });
    // A watched folder that disappears must not take the dev server down.
    watcher.on('error', () => watcher.close());
    watchers.push(watcher);
  }
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
