/**
 * An Obsidian vault has a `.obsidian/` settings folder, in the docs folder or the folder above it: with
 * `markdown.obsidian: 'auto'` its presence turns Obsidian's syntax on. A module of its own: the up-to-date check stamps
 * that presence before the pipeline loads.
 */
import fs from 'node:fs';
import path from 'node:path';

export function hasObsidianFolder(docsDir: string): boolean {
  return obsidianFolderPaths(docsDir).some((folder) => fs.existsSync(folder));
}

/** Where a vault's `.obsidian/` folder may be for this docs folder (`wiki dev` watches both). */
export function obsidianFolderPaths(docsDir: string): string[] {
  const docs = path.resolve(docsDir);
  return [docs, path.dirname(docs)].map((dir) => path.join(dir, '.obsidian'));
}
