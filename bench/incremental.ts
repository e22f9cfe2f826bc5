/**
 * Incremental `wiki build` bench: a notes folder (a copy of the real corpus, or N synthetic notes from generate.ts)
 * is built once, then rebuilt with nothing changed, and again after each of a series of one-note edits (a line
 * appended to a different note each time: the smallest, a mid-size and the largest note in turn). Each rebuild runs in
 * its own process under /usr/bin/time: wall time and peak RSS are the kernel's. Prints every rebuild, the medians (of
 * all the edits, and of those after the first, which also makes the spare folder), and the stage timings the build
 * printed for the last edit. Prints figures, asserts nothing.
 * With `--against DIR`, two engines side by side in one sitting (this machine's speed drifts by more than most changes
 * save): each builds a copy of its own, is warmed by a full build and WARM_EDITS edits (its code cache made, its spare
 * folder made), then their edits alternate, the same note each (`--note`: always that one), the engine that goes first
 * taking turns; medians of wall time (to the millisecond) and CPU time, their ratios, and how many pairs A won.
 *   node --import tsx bench/incremental.ts                 the corpus, 6 edits
 *   node --import tsx bench/incremental.ts --notes 50000   50,000 synthetic notes (heavy: a few minutes)
 *   node --import tsx bench/incremental.ts --edits 9 --engine ../other-checkout
 *   node --import tsx bench/incremental.ts --edits 12 --against ../other-checkout
 *   node --import tsx bench/incremental.ts --edits 30 --against ../other-checkout --note networking/rest.md
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
    against: { type: 'string' },
    note: { type: 'string' },
  },
});
const edits = Number(values.edits);
if (!Number.isInteger(edits) || edits < 1)
  throw new Error(`--edits takes a whole number, 1 or more (got "${values.edits}").`);
const engine = values.engine === undefined ? undefined : path.resolve(values.engine);
const against = values.against === undefined ? undefined : path.resolve(values.against);

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

function build(args: readonly string[], engineDir = engine): TimedBuild {
  const result = runTimedBuild(args, { cwd: repoRoot, ...(engineDir !== undefined && { engine: engineDir }) });
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

/** Edits before the side-by-side ones: a bundle's code cache is made by its first three builds (bin/codeCache.mjs). */
const WARM_EDITS = 3;

/** The builds' CPU time, user and system. */
const cpuOf = (run: TimedBuild) => run.userSeconds + run.systemSeconds;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-incremental-'));
try {
  console.log(
    `wiki build incremental bench: ${os.availableParallelism()} cores, Node ${process.version}, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  if (against === undefined) await benchOne();
  else await benchSideBySide(against);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** One engine: a full build, a build with nothing changed, then the edits. */
async function benchOne(): Promise<void> {
  const site = prepareSite(work);
  const args = [...site.args, '--out', path.join(work, 'build')];
  console.log(`site: ${site.label}`);
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
  console.log(`last edit, as the build reports it: ${reportedStages(runs.at(-1)!)}`);
}

/** Two engines, each on a copy of its own, warmed, then their one-note edits alternated. */
async function benchSideBySide(other: string): Promise<void> {
  const sides = [
    { label: engine ?? repoRoot, engine },
    { label: other, engine: other },
  ].map((side, index) => {
    const dir = path.join(work, `side-${index}`);
    fs.mkdirSync(dir);
    const site = prepareSite(dir);
    return { ...side, site, args: [...site.args, '--out', path.join(dir, 'build')], runs: [] as TimedBuild[] };
  });
  console.log(`site: ${sides[0]!.site.label}; A ${sides[0]!.label}, B ${sides[1]!.label}`);
  await sleep(SETTLED_WAIT_MS);
  const edit = (side: (typeof sides)[number], note: string, text: string) => {
    fs.appendFileSync(path.join(side.site.docsDir, note), `\n${text}\n`);
    return build(side.args, side.engine);
  };
  const docsDir = sides[0]!.site.docsDir;
  const targets =
    values.note === undefined ? notesToEdit(docsDir).map((file) => path.relative(docsDir, file)) : [values.note];
  if (!fs.existsSync(path.join(docsDir, targets[0]!))) throw new Error(`--note: no ${targets[0]} in the docs folder.`);
  for (const side of sides) {
    build(side.args, side.engine);
    for (let n = 0; n < WARM_EDITS; n++) edit(side, targets[n % targets.length]!, `Warm-up edit ${n + 1}.`);
  }
  for (let n = 0; n < edits; n++) {
    const note = targets[n % targets.length]!;
    // The engine that builds first takes turns: the second build of a pair may find the disk busier, or less busy.
    for (const side of n % 2 === 0 ? sides : [...sides].reverse())
      side.runs.push(edit(side, note, `Edited by the incremental bench, edit ${n + 1}.`));
    const [a, b] = sides.map((side) => side.runs.at(-1)!);
    console.log(`one note edited (${note}): A ${describe(a!)}, B ${describe(b!)}`);
  }
  const [a, b] = sides.map((side) => side.runs);
  const ratio = (of: (run: TimedBuild) => number) => (median(b!.map(of)) / median(a!.map(of))).toFixed(3);
  const wallMs = (runs: readonly TimedBuild[]) => median(runs.map((run) => run.wallMs)).toFixed(1);
  const aWon = a!.filter((run, index) => run.wallMs < b![index]!.wallMs).length;
  console.log(`medians over ${edits} alternated edits: A ${describeMedians(a!)}, B ${describeMedians(b!)}`);
  console.log(
    `wall medians to the millisecond: A ${wallMs(a!)} ms, B ${wallMs(b!)} ms; A faster in ${aWon} of ${edits}`,
  );
  console.log(
    `CPU (user + system) medians: A ${median(a!.map(cpuOf)).toFixed(2)} s, B ${median(b!.map(cpuOf)).toFixed(2)} s`,
  );
  console.log(`B / A: wall ${ratio((run) => run.wallMs)}, CPU ${ratio(cpuOf)}`);
  for (const [name, runs] of [
    ['A', a!],
    ['B', b!],
  ] as const)
    console.log(`${name}'s last edit, as the build reports it: ${reportedStages(runs.at(-1)!)}`);
}

/** The stage timings a build printed on its last line. */
function reportedStages(run: TimedBuild): string | undefined {
  return run.stdout
    .trim()
    .split('\n')
    .pop()
    ?.replace(/^.*-> \S+ /, '');
}
