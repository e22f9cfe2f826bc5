/** Collects the theme's stylesheets into one CSS string. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** base.css first, then every `<Component>/styles.css` in alphabetical order of folder. */
export async function collectThemeCss(themeDir: string): Promise<string> {
  const entries = await readdir(themeDir, { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files = [
    path.join(themeDir, 'base.css'),
    ...folders.map((folder) => path.join(themeDir, folder, 'styles.css')),
  ];
  const parts = await Promise.all(files.map((file) => readOptional(file)));
  return parts
    .map((css, index) =>
      css === undefined ? undefined : `/* ${path.relative(themeDir, files[index]!)} */\n${css.trim()}\n`,
    )
    .filter((css): css is string => css !== undefined)
    .join('\n');
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Can't read theme stylesheet ${file}`, { cause: error });
  }
}
