/**
 * Paths on the build side, in one place: whether a path is inside a folder, and paths relative to a folder with `/`
 * between their parts, as the site, the caches and the messages name files whatever the platform's separator.
 */
import path from 'node:path';

/** Whether `file` is `dir` itself or below it (both absolute; symbolic links as the caller resolved them). */
export function isPathInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || isRelativeBelow(relative);
}

/** Whether a relative path (path.relative's) leads below its start: not '', not up out of it, not to another drive. */
export function isRelativeBelow(relative: string): boolean {
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The path with `/` between its parts (the same string where that is the separator). */
export function toPosixPath(nativePath: string): string {
  return path.sep === '/' ? nativePath : nativePath.split(path.sep).join('/');
}

/** Folder entries in the order of their names' code units: how walks that must agree (the up-to-date record's) list them. */
export function byName(a: { readonly name: string }, b: { readonly name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** `file`'s path from `dir`, `/`-separated; undefined when `file` is not below `dir`. */
export function posixPathBelow(dir: string, file: string): string | undefined {
  const relative = path.relative(dir, file);
  return isRelativeBelow(relative) ? toPosixPath(relative) : undefined;
}
