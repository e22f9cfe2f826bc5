/**
 * The backlinks stage on a notes folder, in this process: prints its time (several runs), how many notes have
 * backlinks, and the size of the link graph file. Asserts nothing.
 *
 *   node --import tsx bench/backlinks.ts [--docs ../shared/corpora/knowledge] [--runs 5]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { validateConfig } from '../src/node/config/loadConfig.js';
import { createBuildContext } from '../src/node/context.js';
import { createNoteParser, summariseNotes } from '../src/node/notes/parseNotes.js';
import { collectBacklinks, resolveRoutes, scanSite } from '../src/node/pipeline/pipeline.js';
import { buildGraphFile } from '../src/node/resolve/graph.js';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '../shared/corpora/knowledge' },
    runs: { type: 'string', default: '5' },
  },
});
const repoRoot = path.resolve(import.meta.dirname, '..');
const config = validateConfig({ title: 'Bench', url: 'https://example.com' }, 'bench');
const context = createBuildContext({ config, siteDir: repoRoot, docsDir: path.resolve(values.docs) });
const scanned = scanSite(context);
const { notes } = resolveRoutes(context, scanned.notes, []);
const parser = createNoteParser({
  routes: notes.map((note) => [note.sourcePath, note.route] as const),
  docsDir: context.docsDir,
  staticFiles: new Set(scanned.staticCopies.values()),
  extraRoutes: new Set(),
  baseUrl: config.baseUrl,
});
const summaries = summariseNotes(notes, parser);
const times: number[] = [];
let links = collectBacklinks(context, notes, summaries, parser);
for (let run = 0; run < Number(values.runs); run++) {
  const start = performance.now();
  links = collectBacklinks(context, notes, summaries, parser);
  times.push(performance.now() - start);
}
const graph = buildGraphFile(summaries, links.edges);
const entries = [...links.backlinks.values()].reduce((sum, list) => sum + list.length, 0);
console.log(`notes: ${notes.length}`);
console.log(`backlinks stage: ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (the first run warmed up before)`);
console.log(
  `notes with backlinks: ${links.backlinks.size}, backlink entries: ${entries}, graph edges: ${links.edges.length}`,
);
console.log(`graph file: ${graph.json.length} bytes, ${gzipSync(graph.json).length} gzipped`);
