/**
 * Synthetic notes folders for the scale bench, shaped like the real corpus (../shared/corpora/knowledge: 1,062
 * notes, median 6 KB, p90 36 KB, max 370 KB, folders up to 5 deep, each folder indexed by a note named like it,
 * mostly link lists). Deterministic for a given seed.
 *   node --import tsx bench/generate.ts --notes 10000 --out /tmp/wiki-10k     writes /tmp/wiki-10k/docs + config
 *
 * Sizes (smaller than the corpus on average, which is unusually link-heavy): 70% small notes (0.2-3 KB), 22%
 * medium (3-15 KB), 7% large link lists (15-60 KB), 1% very large link lists (60-200 KB); about 7 KB on average.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../test/helpers/seededRandom.js';

export interface GenerateOptions {
  readonly notes: number;
  /** The site folder: docs/ and wiki.config.mjs are written into it. */
  readonly outDir: string;
  readonly seed?: number;
}

export interface GeneratedSite {
  readonly docsDir: string;
  readonly configPath: string;
  readonly bytes: number;
}

const words =
  'note idea system design rust async memory graph search index cache build server client module theme render parse token stream query vector model data file folder link page route sidebar table heading list code test bench profile thread worker queue event state store react node type value error config deploy'.split(
    ' ',
  );

/** Writes `notes` Markdown notes in nested folders, with cross links, into outDir/docs. */
export function generateNotes(options: GenerateOptions): GeneratedSite {
  const random = seededRandom(options.seed ?? 42); // every run writes the same folder
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const docsDir = path.join(options.outDir, 'docs');
  fs.rmSync(docsDir, { recursive: true, force: true });
  const paths = planPaths(options.notes, random);
  let bytes = 0;
  const made = new Set<string>();
  for (const [index, relPath] of paths.entries()) {
    const dir = path.posix.dirname(relPath);
    if (!made.has(dir)) {
      fs.mkdirSync(path.join(docsDir, dir), { recursive: true });
      made.add(dir);
    }
    const text = writeNote({ relPath, index, paths, random, pick });
    fs.writeFileSync(path.join(docsDir, relPath), text);
    bytes += Buffer.byteLength(text);
  }
  const configPath = path.join(options.outDir, 'wiki.config.mjs');
  fs.writeFileSync(
    configPath,
    `export default { title: 'Synthetic ${options.notes} notes', url: 'https://bench.example.com', docsDir: 'docs' };\n`,
  );
  return { docsDir, configPath, bytes };
}

/** Folders of about a dozen notes each, nested up to 5 deep; each folder's first note is its index. */
function planPaths(count: number, random: () => number): string[] {
  const folders: { path: string; depth: number }[] = [{ path: '.', depth: 0 }];
  const folderCount = Math.max(1, Math.ceil(count / 12));
  for (let i = 1; i < folderCount; i++) {
    const shallow = folders.filter((folder) => folder.depth < 5);
    // Prefer shallow parents, like a real wiki: many topics, fewer deep ones.
    const parent = shallow[Math.floor(Math.pow(random(), 2) * shallow.length)]!;
    const name = `${words[i % words.length]}-${i}`;
    folders.push({ path: parent.path === '.' ? name : `${parent.path}/${name}`, depth: parent.depth + 1 });
  }
  const paths: string[] = ['intro.md'];
  for (const folder of folders.slice(1)) {
    if (paths.length >= count) break;
    paths.push(`${folder.path}/${path.posix.basename(folder.path)}.md`);
  }
  for (let i = 0; paths.length < count; i++) {
    const folder = folders[Math.floor(random() * folders.length)]!;
    const name = `${words[Math.floor(random() * words.length)]}-${words[Math.floor(random() * words.length)]}-${i}.md`;
    paths.push(folder.path === '.' ? name : `${folder.path}/${name}`);
  }
  return paths;
}

interface NoteInput {
  readonly relPath: string;
  readonly index: number;
  readonly paths: readonly string[];
  readonly random: () => number;
  readonly pick: <T>(items: readonly T[]) => T;
}

function writeNote(input: NoteInput): string {
  const { relPath, index, paths, random, pick } = input;
  const roll = random();
  const target =
    roll < 0.7
      ? 200 + random() * 2800
      : roll < 0.92
        ? 3000 + random() * 12000
        : roll < 0.99
          ? 15000 + random() * 45000
          : 60000 + random() * 140000;
  const isLinkList = roll >= 0.92;
  const title = `${pick(words)} ${pick(words)} ${index}`;
  const parts: string[] = [];
  if (relPath === 'intro.md') parts.push('---\nslug: /\n---\n');
  else if (random() < 0.4) parts.push(`---\ntitle: ${title}\n---\n`);
  parts.push(`# ${title}\n`, `${sentence(random, pick, 20)}\n`);
  let size = parts.join('\n').length;
  let section = 0;
  while (size < target) {
    let block: string;
    if (section === 0 || random() < 0.15) block = `## Section ${++section}\n`;
    else if (isLinkList || random() < 0.4) block = linkList(input, 8);
    else if (random() < 0.1)
      block = '```ts\nconst value = compute(input);\nexport function run() {\n  return value;\n}\n```\n';
    else if (random() < 0.05) block = '| Name | Kind |\n| --- | --- |\n| a | b |\n| c | d |\n';
    else block = `${sentence(random, pick, 40)} See [${pick(words)}](${relativeLink(relPath, pick(paths))}).\n`;
    parts.push(block);
    size += block.length + 1;
  }
  return parts.join('\n');
}

function linkList(input: NoteInput, count: number): string {
  const { relPath, paths, random, pick } = input;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    if (random() < 0.1) {
      const anchor = random() < 0.2 ? '#section-1' : '';
      lines.push(`- [${pick(words)} ${pick(words)}](${relativeLink(relPath, pick(paths))}${anchor})`);
    } else {
      lines.push(
        `- [${pick(words)}-${pick(words)}](https://github.com/${pick(words)}/${pick(words)}-${Math.floor(random() * 1000)}) - ${sentence(random, pick, 8)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function sentence(random: () => number, pick: <T>(items: readonly T[]) => T, length: number): string {
  const count = Math.max(3, Math.floor(length * (0.5 + random())));
  const text = Array.from({ length: count }, () => pick(words)).join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function relativeLink(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      notes: { type: 'string', default: '1000' },
      out: { type: 'string' },
      seed: { type: 'string', default: '42' },
    },
  });
  const outDir = path.resolve(values.out ?? `/tmp/wiki-synthetic-${values.notes}`);
  const started = performance.now();
  const site = generateNotes({ notes: Number(values.notes), outDir, seed: Number(values.seed) });
  console.log(
    `${values.notes} notes, ${(site.bytes / 1e6).toFixed(1)} MB -> ${site.docsDir} in ${((performance.now() - started) / 1000).toFixed(1)} s (config ${site.configPath})`,
  );
}
