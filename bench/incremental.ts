/**
 * Incremental `wiki build` bench: a notes folder (a copy of the real corpus, or N synthetic notes from generate.ts)
 * is built once, then rebuilt with nothing changed, and again after each of a series of one-note edits (a line
 * appended to a different note each time: the smallest, a mid-size and the largest note in turn). Each rebuild runs in
 * its own process under /usr/bin/time: wall time and peak RSS are the kernel's. Prints every rebuild, the medians (of
 * all the edits, and of those after the first, which also makes the spare folder), and the stage timings the build
 * printed for the last edit. Prints figures, asserts nothing.
 *   node --import tsx bench/incremental.ts                 the corpus, 6 edits
 *   node --import tsx bench/incremental.ts --notes 50000   50,000 synthetic notes (heavy: a few minutes)
 *   node --import tsx bench/incremental.ts --edits 9 --engine ../other-checkout
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateNotes } from './generate.js';
import { runTimedBuild, type TimedBuild } from './timedBuild.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(repoRoot, '../shared/corpora/knowledge');

const { values } = parseArgs({
  options: {
    notes: { type: 'string' },
    edits: { type: 'string', default: '6' },
    engine: { type: 'string' },
  },
});
const edits = Number(values.edits);
if (!Number.isInteger(edits) || edits < 1)
  throw new Error(`--edits takes a whole number, 1 or more (got "${values.edits}").`);
const engine = values.engine === undefined ? undefined : path.resolve(values.engine);

/** The site to build: its docs folder (a copy: the bench edits it) and the build's arguments. */
function prepareSite(work: string): { docsDir: string; args: string[]; label: string } {
  if (values.notes === undefined) {
    // A site folder of its own, as a wiki's is: the corpus, the project's config and static files. With the project's
    // config file in place, the site folder would be this repository, and every build would stamp its files too.
    const docsDir = path.join(work, 'docs');
    fs.cpSync(corpus, docsDir, { recursive: true });
    fs.cpSync(path.join(repoRoot, 'static'), path.join(work, 'static'), { recursive: true });
    const config = path.join(work, 'wiki.config.ts');
    fs.writeFileSync(config, `export { default } from ${JSON.stringify(path.join(repoRoot, 'wiki.config.ts'))};\n`);
    return { docsDir, args: ['--docs', docsDir, '--config', config], label: 'corpus' };
  }
  const notes = Number(values.notes);
  if (!Number.isInteger(notes) || notes < 1) throw new Error(`--notes takes a count of notes (got "${values.notes}").`);
  const site = generateNotes({ notes, outDir: work });
  return { docsDir: site.docsDir, args: ['--config', site.configPath], label: `${notes} synthetic notes` };
}

/** The notes to edit, in turn: the smallest, one of median size and the largest. */
function notesToEdit(docsDir: string): string[] {
  const notes = fs
    .readdirSync(docsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, size: fs.statSync(file).size }))
    .sort((a, b) => a.size - b.size || (a.file < b.file ? -1 : 1));
  return [notes[0]!, notes[Math.floor(notes.length / 2)]!, notes.at(-1)!].map((note) => note.file);
}

function build(args: readonly string[]): TimedBuild {
  const result = runTimedBuild(args, { cwd: repoRoot, ...(engine !== undefined && { engine }) });
  if (!result.ok) throw new Error(`wiki build failed (exit ${result.status}):\n${result.stderr.slice(-3000)}`);
  return result;
}

/** A little over bundleCache.mjs's SETTLED_MS. */
const SETTLED_WAIT_MS = 2100;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function describeMedians(runs: readonly TimedBuild[]): string {
  const seconds = median(runs.map((run) => run.seconds)).toFixed(2);
  return `${seconds} s, peak ${(median(runs.map((run) => run.maxRssKb)) / 1024).toFixed(0)} MiB`;
}
const describe = (run: TimedBuild) => `${run.seconds.toFixed(2)} s, peak ${(run.maxRssKb / 1024).toFixed(0)} MiB`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-incremental-'));
try {
  const site = prepareSite(work);
  const args = [...site.args, '--out', path.join(work, 'build')];
  console.log(
    `wiki build incremental bench: ${site.label}, ${os.availableParallelism()} cores, Node ${process.version}, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  // A wiki's notes were written well before it is built: a build takes a note from the last one unread only once its
  // file's stamp is settled (src/node/pipeline/upToDate.ts), and the copy has just been written.
  await sleep(SETTLED_WAIT_MS);
  console.log(`full build (cache written):  ${describe(build(args))}`);
  const unchanged = build(args);
  console.log(`nothing changed:             ${describe(unchanged)}`);
  const targets = notesToEdit(site.docsDir);
  const runs: TimedBuild[] = [];
  for (let edit = 0; edit < edits; edit++) {
    const note = targets[edit % targets.length]!;
    fs.appendFileSync(note, `\nEdited by the incremental bench, edit ${edit + 1}.\n`);
    const run = build(args);
    runs.push(run);
    console.log(`one note edited (${path.relative(site.docsDir, note)}): ${describe(run)}`);
  }
  console.log(`medians over ${edits} one-note edits: ${describeMedians(runs)}`);
  // The first edit after a full build also makes the staging folder the next builds start from (outputFolder.ts).
  if (runs.length > 1)
    console.log(`medians over the ${runs.length - 1} after the first: ${describeMedians(runs.slice(1))}`);
  const stages = runs
    .at(-1)!
    .stdout.trim()
    .split('\n')
    .pop()
    ?.replace(/^.*-> \S+ /, '');
  console.log(`last edit, as the build reports it: ${stages}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
