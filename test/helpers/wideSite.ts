/**
 * The notes of a wide site, for the tests of windowed sidebar lists: an index note, ROOT_NOTES notes in the docs folder
 * itself and FOLDER_NOTES in `wide/`, more than SIDEBAR_WIDE_LIST (100) each; no note links another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SIDEBAR_WINDOW_BLOCK, SIDEBAR_WINDOW_HEAD } from '../../src/shared/sidebar.js';

export const ROOT_NOTES = 160;
export const FOLDER_NOTES = 400;
/** The most items of a wide list a page shows before "Show all": the head and three blocks. */
export const WINDOW_MOST = SIDEBAR_WINDOW_HEAD + 3 * SIDEBAR_WINDOW_BLOCK;

/** Writes those notes under `docs`. */
export function writeWideNotes(docs: string): void {
  fs.mkdirSync(path.join(docs, 'wide'), { recursive: true });
  fs.writeFileSync(path.join(docs, 'aaa-intro.md'), '---\nslug: /\n---\n# Intro\n\nA wide site.\n');
  for (let n = 0; n < ROOT_NOTES; n++)
    fs.writeFileSync(path.join(docs, `top-${String(n).padStart(3, '0')}.md`), `# Top ${n}\n\nText.\n`);
  fs.writeFileSync(path.join(docs, 'wide/wide.md'), '# Wide\n\nMany notes.\n');
  for (let n = 0; n < FOLDER_NOTES; n++)
    fs.writeFileSync(path.join(docs, `wide/note-${String(n).padStart(3, '0')}.md`), `# Note ${n}\n\nText.\n`);
}
