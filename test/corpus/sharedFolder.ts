/**
 * Where the corpus layer finds its data: the project's shared folder, checked out beside the repository as
 * `../shared`. It holds the real notes corpus (corpora/knowledge) and the reference Docusaurus build of it
 * (oracle/knowledge). CI lays it there; scripts/test.mjs checks for it once before this layer runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../helpers/cli.js';

export const sharedDir = path.resolve(repoRoot, '../shared');
/** The real notes corpus: 1,062 Markdown files, about 16 MB. */
export const corpusDir = path.join(sharedDir, 'corpora/knowledge');
/** The reference build of the corpus: routes.txt, sidebar.json, pages.json. */
export const oracleDir = path.join(sharedDir, 'oracle/knowledge');

/** What to do when ../shared is missing (also printed by scripts/test.mjs). */
export const missingSharedMessage = [
  `The corpus tests (test/corpus/) need the project's shared folder at ${sharedDir}, and ${path.join(sharedDir, 'corpora')} does not exist.`,
  'It is the shared folder checked out beside this repository (the real notes corpus in corpora/knowledge, the reference',
  'build in oracle/knowledge); CI lays it there. Put it beside the repository so that ../shared/corpora exists, or run',
  'the other layers only: npm test -- test/unit test/filesystem test/sites test/browser',
].join('\n');

// A clear failure for a file run on its own, instead of ENOENT deep inside a build.
if (!fs.existsSync(path.join(sharedDir, 'corpora'))) throw new Error(missingSharedMessage);
