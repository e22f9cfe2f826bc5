/**
 * "Did you mean ...?" for a broken link: the note the link most likely meant, from the notes' source paths (or the
 * page, from the site's routes: a route is a path too). Indexed at the first broken link (most builds have none); each
 * guess looks at a folder's notes or at the names that could be near, not at every note of a large site.
 */
import path from 'node:path';
import { nearestNames } from '../nearestNames.js';

export interface LikelyNotes {
  /** For a missing note path (`web/vit.md`): a near name in its folder, else the one note of its name elsewhere. */
  atPath(missing: string): string | undefined;
  /** For a missing note name (`[[Vite]]`'s `Vite`): the note whose name is nearest, anywhere. */
  byName(missing: string): string | undefined;
}

export function indexLikelyNotes(sourcePaths: Iterable<string>): LikelyNotes {
  const byFolder = new Map<string, string[]>();
  const byName = new Map<string, string[]>(); // by lower-cased name without extension
  for (const sourcePath of sourcePaths) {
    push(byFolder, path.posix.dirname(sourcePath), sourcePath);
    push(byName, nameOf(sourcePath), sourcePath);
  }
  return {
    atPath(missing) {
      const siblings = byFolder.get(path.posix.dirname(missing)) ?? [];
      const [nearest] = nearestNames(path.posix.basename(missing), siblings.map(baseName));
      if (nearest !== undefined) return siblings.find((sibling) => baseName(sibling) === nearest);
      const named = byName.get(nameOf(missing)) ?? [];
      return named.length === 1 ? named[0] : undefined;
    },
    byName(missing) {
      const name = nameOf(missing);
      // A name is near only if it starts alike and is about as long: the others are not measured.
      const near = [...byName.keys()].filter(
        (candidate) => candidate[0] === name[0] && Math.abs(candidate.length - name.length) <= name.length / 3 + 2,
      );
      const [nearest] = nearestNames(name, near);
      const notes = nearest === undefined ? [] : byName.get(nearest)!;
      return notes.length === 1 ? notes[0] : undefined;
    },
  };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function baseName(sourcePath: string): string {
  return path.posix.basename(sourcePath);
}

function nameOf(sourcePath: string): string {
  return baseName(sourcePath)
    .replace(/\.mdx?$/i, '')
    .toLowerCase();
}
