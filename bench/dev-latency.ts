/**
 * `wiki dev` on (a temp copy of) the real corpus: startup times (to serving, to the first page, to every note parsed),
 * and the time from writing a note to the new text in the open page's DOM (target: 300 ms), for a small, a mid-size
 * and the largest note; then a title change (a full in-memory rebuild and a reload); and the dev process's peak RSS
 * (Linux: VmHWM) after start, after the first search and at the end (target: no more than `wiki build`'s peak on the
 * same folder); then a second start in the same folder, which takes the notes the first session rendered. Prints
 * figures, asserts nothing.
 *   node --import tsx bench/dev-latency.ts [--edits 5]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser.js';
import { makeTempDir } from '../test/helpers/cli.js';
import { startDevProcess } from '../test/helpers/devServer.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(repoRoot, '../shared/corpora/knowledge');
const notes = [
  { file: 'web/nodejs/fastify.md', route: 'web/nodejs/fastify' },
  { file: 'web/nodejs/nodejs.md', route: 'web/nodejs/' },
  {
    file: 'programming-languages/rust/rust-libraries/rust-libraries.md',
    route: 'programming-languages/rust/rust-libraries/',
  },
];

const { values } = parseArgs({ options: { edits: { type: 'string', default: '5' } } });
const siteDir = makeTempDir('wiki-dev-bench-');
fs.cpSync(corpus, path.join(siteDir, 'docs'), { recursive: true });
for (const entry of fs.readdirSync(path.join(siteDir, 'docs'), { recursive: true, withFileTypes: true }))
  fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
fs.writeFileSync(
  path.join(siteDir, 'wiki.config.ts'),
  "export default { title: 'Everything I know', url: 'https://wiki.example.com' };\n",
);

const spawned = performance.now();
const dev = await startDevProcess(siteDir);
const devPid = childPids()[0]; // read before the browser starts: the dev server is this process's only child then
await printStart('startup', dev, spawned);
console.log(`dev process peak RSS after start: ${peakRss(devPid)}`);
const browser = await launchBrowser();
const page = await (await browser.newContext()).newPage();

/** Writes the note with a marker paragraph under its title and resolves with ms until the marker is in the DOM. */
async function timeEdit(file: string, marker: string): Promise<number> {
  await page.evaluate((text) => {
    delete (window as unknown as { seenAt?: number }).seenAt;
    const target = document.querySelector('#__wiki .markdown')!;
    const observer = new MutationObserver(() => {
      if (!document.querySelector('#__wiki .markdown')?.textContent?.includes(text)) return;
      (window as unknown as { seenAt: number }).seenAt = Date.now();
      observer.disconnect();
    });
    observer.observe(target, { childList: true, subtree: true, characterData: true });
  }, marker);
  const original = fs.readFileSync(path.join(corpus, file), 'utf8');
  const edited = original.replace(/^(# .*)$/m, `$1\n\n${marker}\n`);
  const written = Date.now();
  fs.writeFileSync(path.join(siteDir, 'docs', file), edited);
  await page.waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt, undefined, { timeout: 30_000 });
  return (await page.evaluate(() => (window as unknown as { seenAt: number }).seenAt)) - written;
}

function summarize(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms (${times.join(', ')})`;
}

async function openNote(route: string): Promise<Page> {
  await page.goto(dev.url + route);
  await page.waitForSelector('html[data-wiki-dev-connected="true"]');
  await page.evaluate(() => {
    (window as unknown as { kept: boolean }).kept = true;
    window.scrollTo(0, 600);
  });
  return page;
}

for (const note of notes) {
  await openNote(note.route);
  const size = fs.statSync(path.join(corpus, note.file)).size;
  const times: number[] = [];
  for (let i = 0; i < Number(values.edits); i++)
    times.push(await timeEdit(note.file, `Live edit marker ${note.route} ${i}.`));
  const reloaded = await page.evaluate(() => !(window as unknown as { kept?: boolean }).kept);
  console.log(
    `write -> DOM, ${note.file} (${(size / 1024).toFixed(0)} KB): ${summarize(times)}${reloaded ? ' (page reloaded!)' : ''}`,
  );
}

// The search index is built on the first request for it.
await fetch(`${dev.url}search/index.json`).then((response) => response.arrayBuffer());
console.log(`dev process peak RSS after edits and the first search: ${peakRss(devPid)}`);

// A title change renames the sidebar entry: the sidebar and page models are rebuilt in place, every tab reloads.
await openNote(notes[1]!.route);
const file = path.join(siteDir, 'docs', notes[1]!.file);
const written = Date.now();
fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Node.js renamed'));
await page.waitForFunction(() => document.title.startsWith('Node.js renamed'), undefined, { timeout: 120_000 });
console.log(`title change (sidebar rebuilt in place + reload): ${Date.now() - written} ms`);
// A new note changes the routes: a full in-memory rebuild (every note parsed again).
const added = Date.now();
fs.writeFileSync(path.join(siteDir, 'docs/web/nodejs/bench-new-note.md'), '# Bench new note\n\nAdded by the bench.\n');
await page.waitForFunction(
  () => document.querySelector('.doc-sidebar')?.textContent?.includes('Bench new note'),
  undefined,
  { timeout: 120_000 },
);
console.log(`new note (full rebuild + reload): ${Date.now() - added} ms`);
console.log(
  dev
    .output()
    .split('\n')
    .filter((line) => / (updated|rebuilt) /.test(line))
    .slice(-3)
    .map((line) => `  server: ${line}`)
    .join('\n'),
);

console.log(`dev process peak RSS at the end (after a full in-memory rebuild): ${peakRss(devPid)}`);
await browser.close();
await new Promise((resolve) => setTimeout(resolve, 2000)); // the session saves its notes a moment after a rebuild
await dev.stop();

// A second start in the same folder takes the notes the first session rendered (noteStore.ts).
const respawned = performance.now();
const again = await startDevProcess(siteDir);
const againPid = childPids().at(-1);
await printStart('second start', again, respawned);
const stored = /\(\d+ as the last session rendered them\)/.exec(again.output())?.[0] ?? '(no note taken)';
console.log(
  `  ${/serving [^,]*/.exec(again.output())?.[0] ?? ''} ${stored}; peak RSS after start: ${peakRss(againPid)}`,
);
await again.stop();
fs.rmSync(siteDir, { recursive: true, force: true });

/**
 * A start's figures from spawn: to serving (the address told), to the home page's HTML, and to every note parsed (the
 * server serves pages before: then it says so on a line of its own), with the server's own figures and stages.
 */
async function printStart(label: string, started: Awaited<ReturnType<typeof startDevProcess>>, spawnedAt: number) {
  const seconds = () => ((performance.now() - spawnedAt) / 1000).toFixed(2);
  const serving = seconds();
  const home = await fetch(started.url);
  await home.text();
  const firstPage = seconds();
  const early = !/ready in [\d.]+ s \([^)]*parse/.test(started.output());
  if (early) await started.waitForOutput(/every note parsed/);
  const ready = /ready in ([\d.]+) s(.*)/.exec(started.output());
  const parsed = /every note parsed, ([\d.]+) s after the start.*?(\(scan.*)$/m.exec(started.output());
  console.log(
    `${label}: ${serving} s from spawn to serving, ${firstPage} s to the home page's HTML (${home.status}), ${early ? `${seconds()} s to every note parsed` : 'every note parsed before serving'} (the server's own figures: ready in ${ready?.[1]} s${early ? `, parsed at ${parsed?.[1]} s ${parsed?.[2] ?? ''}` : ready?.[2]})`,
  );
}

/** This process's child processes (Linux), in start order. */
function childPids(): number[] {
  try {
    return fs.readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return [];
  }
}

/** The process's peak resident set so far (VmHWM), or why it cannot be read. */
function peakRss(pid: number | undefined): string {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return `${Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024)} MiB`;
  } catch {
    return 'n/a (needs Linux /proc)';
  }
}
