/**
 * Wide-folder bench: one folder of many notes (10,000 by default), the shape that made every page's sidebar list every
 * sibling. Builds it with the real CLI under /usr/bin/time and prints build time, peak RSS, the largest page, the
 * largest sidebar file and the whole output. Prints figures, asserts nothing. Heavy: run it by hand, one at a time.
 *   node --import tsx bench/wide.ts                      10,000 notes in docs/wide/ (no index note)
 *   node --import tsx bench/wide.ts --notes 2000 --index the folder has an index note (docs/wide/wide.md)
 *   node --import tsx bench/wide.ts --root               the notes sit in the docs folder itself (the top level)
 *   node --import tsx bench/wide.ts --title-kb 5000      one note's title is 5,000 KB long (output should stay linear)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runTimedBuild } from './timedBuild.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface WideSiteOptions {
  readonly notes: number;
  /** The site folder: docs/ and wiki.config.mjs are written into it. */
  readonly outDir: string;
  /** Put the notes in the docs folder itself instead of docs/wide/. */
  readonly root?: boolean;
  /** Give the folder an index note (its category then has a page). */
  readonly index?: boolean;
  /** Make note 0's title this many KB long (0: a normal title). */
  readonly titleKb?: number;
}

/** Writes `notes` short notes (about 1 KB each) into one folder, with an intro page at `/`. */
export function generateWideSite(options: WideSiteOptions): { docsDir: string; configPath: string; bytes: number } {
  const docsDir = path.join(options.outDir, 'docs');
  fs.rmSync(docsDir, { recursive: true, force: true });
  const folder = options.root ? docsDir : path.join(docsDir, 'wide');
  fs.mkdirSync(folder, { recursive: true });
  let bytes = 0;
  const write = (file: string, text: string) => {
    fs.writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  };
  write(
    path.join(docsDir, options.root ? 'aaa-intro.md' : 'intro.md'),
    `---\nslug: /\n---\n# Intro\n\nThe notes are [in one folder](./${options.root ? '' : 'wide/'}note-00000.md).\n`,
  );
  if (options.index && !options.root) write(path.join(folder, 'wide.md'), '# Wide\n\nA folder of many notes.\n');
  const paragraph =
    'Some text of this note, a sentence long enough to look like a real paragraph of a real note. '.repeat(3);
  for (let n = 0; n < options.notes; n++) {
    const name = `note-${String(n).padStart(5, '0')}`;
    const next = `note-${String((n + 1) % options.notes).padStart(5, '0')}.md`;
    const body = `${paragraph}\n\n## Details\n\n${paragraph}\n\nSee [the next note](./${next}).\n`;
    // A long title as the first heading: front matter over 1 MB is not read.
    const text =
      n === 0 && options.titleKb
        ? `# Long ${'x'.repeat(options.titleKb * 1024)}\n\n${body}`
        : `---\ntitle: Note ${n}\n---\n\n${body}`;
    write(path.join(folder, `${name}.md`), text);
  }
  const configPath = path.join(options.outDir, 'wiki.config.mjs');
  fs.writeFileSync(
    configPath,
    `export default { title: 'Wide folder', url: 'https://bench.example.com', docsDir: 'docs' };\n`,
  );
  return { docsDir, configPath, bytes };
}

interface OutputFigures {
  readonly files: number;
  readonly bytes: number;
  readonly largestPage: { readonly relPath: string; readonly bytes: number };
  readonly medianPageBytes: number;
  readonly largestSidebarFile: { readonly relPath: string; readonly bytes: number };
}

/** Sizes of the built site: every file, its pages (HTML) and its sidebar files. */
function measureOutput(outDir: string): OutputFigures {
  let files = 0;
  let bytes = 0;
  let largestPage = { relPath: '', bytes: 0 };
  let largestSidebarFile = { relPath: '', bytes: 0 };
  const pageSizes: number[] = [];
  for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relPath = path.relative(outDir, file);
    const size = fs.statSync(file).size;
    files++;
    bytes += size;
    // The sidebar files the browser may load (the whole tree beside them, assets/sidebar-<hash>.json, is for tools).
    if (/^assets\/sidebar-[^/]+\//.test(relPath)) {
      if (size > largestSidebarFile.bytes) largestSidebarFile = { relPath, bytes: size };
    } else if (relPath.endsWith('.html') && !relPath.startsWith('assets/')) {
      pageSizes.push(size);
      if (size > largestPage.bytes) largestPage = { relPath, bytes: size };
    }
  }
  pageSizes.sort((a, b) => a - b);
  return {
    files,
    bytes,
    largestPage,
    medianPageBytes: pageSizes[Math.floor(pageSizes.length / 2)] ?? 0,
    largestSidebarFile,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      notes: { type: 'string', default: '10000' },
      root: { type: 'boolean', default: false },
      index: { type: 'boolean', default: false },
      'title-kb': { type: 'string', default: '0' },
      keep: { type: 'boolean', default: false },
    },
  });
  const notes = Number(values.notes);
  const titleKb = Number(values['title-kb']);
  if (!Number.isInteger(notes) || notes < 1)
    throw new Error(`--notes takes a whole number of notes, 1 or more (got "${values.notes}").`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-wide-'));
  const site = generateWideSite({
    notes,
    outDir: path.join(work, 'site'),
    root: values.root,
    index: values.index,
    titleKb,
  });
  const outDir = path.join(work, 'build');
  const shape = `${notes} notes in ${values.root ? 'the docs folder itself' : `docs/wide/${values.index ? ' (with an index note)' : ''}`}${titleKb ? `, one title of ${titleKb} KB` : ''}`;
  console.log(
    `wiki build wide-folder bench: ${shape}, ${mb(site.bytes)} of Markdown; ${os.availableParallelism()} cores, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const child = runTimedBuild(['--config', site.configPath, '--out', outDir], { cwd: repoRoot });
  const { seconds, maxRssKb: maxKb, userSeconds, systemSeconds } = child;
  if (child.status !== 0) {
    console.error(`The build failed (exit ${child.status}):\n${child.stderr.split('\n').slice(-20).join('\n')}`);
  } else {
    const out = measureOutput(outDir);
    const warnings = `${child.stdout}\n${child.stderr}`.split('\n').filter((line) => line.startsWith('warning')).length;
    console.log(
      `build ${seconds!.toFixed(1)} s (${userSeconds!.toFixed(1)} s user + ${systemSeconds!.toFixed(1)} s system) | peak RSS ${(maxKb! / 1024).toFixed(0)} MB | ${warnings} warning lines`,
    );
    console.log(
      `largest page ${kb(out.largestPage.bytes)} (${out.largestPage.relPath}), median page ${kb(out.medianPageBytes)}`,
    );
    console.log(
      `largest sidebar file a page may load ${kb(out.largestSidebarFile.bytes)} (${out.largestSidebarFile.relPath})`,
    );
    console.log(`output ${mb(out.bytes)} in ${out.files} files`);
  }
  if (values.keep) console.log(`kept: ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
