/**
 * `wiki dev` after seeded random changes (a note edited, retitled, retagged, relinked, renamed, added or deleted, a
 * partial that MDX notes import edited, a picture a link names added): the site as the session updated it in place
 * serves what a session started anew on the same files serves, file for file (the search index too), with the same
 * problems. The Markdown site shows dates, feeds, the recent page and the graph, each of which an edit may change.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readSiteFile } from '../../src/node/dev/devSite.js';
import { createDevSession, type DevSession } from '../../src/node/dev/session.js';
import { makeTempDir } from '../helpers/cli.js';
import { writeDocsNote } from '../helpers/docsSite.js';
import { seededRandom } from '../helpers/seededRandom.js';

type Dialect = 'markdown' | 'obsidian' | 'mdx';

const TOPICS = ['alpha', 'beta', 'beta/deep'];
const PARTIAL = '_shared/_part.mdx';

const CONFIGS: Record<Dialect, string> = {
  markdown: "graph: true, docs: { showLastUpdateTime: true, feeds: true, recent: 4 }, onBrokenLinks: 'warn'",
  obsidian: "markdown: { obsidian: true }, onBrokenLinks: 'warn'",
  mdx: "onBrokenLinks: 'warn'",
};

/** A site of notes in a temp folder, changed at random and written to disk, change by change. */
function makeRandomSite(dialect: Dialect, random: () => number) {
  const site = makeTempDir(`wiki-dev-random-${dialect}-`);
  const docs = path.join(site, 'docs');
  fs.mkdirSync(docs);
  const extension = dialect === 'mdx' ? '.mdx' : '.md';
  const configPath = path.join(site, 'wiki.config.ts');
  fs.writeFileSync(
    configPath,
    `export default { title: 'Random', url: 'https://random.example.com', ${CONFIGS[dialect]} };\n`,
  );
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const notes = () =>
    fs
      .readdirSync(docs, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(extension) && !file.includes('_'));
  const write = (file: string, text: string): string => {
    writeDocsNote(site, file, text);
    return path.join(docs, file);
  };
  const linkTo = (file: string): string => {
    const name = path.posix.basename(file, extension);
    if (dialect === 'obsidian')
      return pick([`[[${name}]]`, `[[${name}|that note]]`, `![[${name}]]`, `[[${name}#Part A]]`]);
    return `[see it](/${file.slice(0, -extension.length)}${random() < 0.3 ? '#part-a' : ''})`;
  };
  const noteText = (title: string, tag: string, others: readonly string[]) => {
    const lines = [`---\ntags: [${tag}]\nsidebar_position: ${Math.floor(random() * 4)}\n---\n# ${title}\n`];
    if (others.length > 0) lines.push(`Before ${linkTo(pick(others))} after.\n`);
    if (dialect === 'mdx' && random() < 0.6) lines.push(`import Part from '@site/docs/${PARTIAL}';\n\n<Part />\n`);
    lines.push(`## Part A\n\nText ${random().toFixed(4)}.\n`);
    return lines.join('\n');
  };
  if (dialect === 'mdx') write(PARTIAL, '## Shared part\n\nShared words.\n');
  for (let n = 0; n < 12; n++)
    write(`${TOPICS[n % TOPICS.length]}/note-${n}${extension}`, noteText(`Note ${n}`, 'red', notes()));

  const pictures: string[] = [];
  /** One change; returns the paths it changed (as the watcher reports them). */
  const change = (step: number): string[] => {
    const all = notes();
    const file = pick(all);
    const full = path.join(docs, file);
    const text = fs.readFileSync(full, 'utf8');
    switch (Math.floor(random() * 9)) {
      case 0:
        return [write(file, `${text}\nEdited in step ${step}, see ${linkTo(pick(all))}.\n`)];
      case 1:
        return [write(file, text.replace(/^# .*$/m, `# Titled ${step}`))];
      case 2:
        return [write(file, text.replace(/tags: \[\w+\]/, `tags: [tag${step % 3}]`))];
      case 3: {
        const renamed = `${pick(TOPICS)}/renamed-${step}${extension}`;
        fs.rmSync(full);
        return [full, write(renamed, text)];
      }
      case 4:
        if (all.length < 6) return [];
        fs.rmSync(full);
        return [full];
      case 5:
        return [write(`${pick(TOPICS)}/new-${step}${extension}`, noteText(`New ${step}`, 'blue', all))];
      case 6:
        return [write(file, text.replace('## Part A', `## Part ${step}`))]; // the anchor links point to goes
      case 7: {
        // A picture linked before it is saved (the link broken until then), or saved at last.
        const missing = pictures.pop();
        if (missing) return [write(missing, `PNG ${step}`)];
        const picture = `${path.posix.dirname(file)}/picture-${step}.png`;
        pictures.push(picture);
        return [write(file, `${text}\n![a picture](./${path.posix.basename(picture)})\n`)];
      }
      default:
        if (dialect !== 'mdx') return [write(file, `${text}\nMore words ${step}.\n`)];
        return [write(PARTIAL, `## Shared part ${step}\n\nShared words, step ${step}.\n`)];
    }
  };
  return { site, docs, configPath, change, notes };
}

async function startSession(configPath: string): Promise<DevSession> {
  const session = createDevSession({ configPath, log: () => undefined });
  assert.ok(await session.start(), 'the session starts');
  return session;
}

const asText = (contents: string | Uint8Array | undefined) =>
  contents === undefined ? '(none)' : typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');

/** Every file a fresh session serves (but the graph files, named by version), as the live one serves it. */
async function assertServesAsFresh(live: DevSession, configPath: string, what: string): Promise<void> {
  const fresh = await startSession(configPath);
  const [updated, anew] = [live.site!, fresh.site!];
  try {
    assert.deepEqual(
      [...updated.pageByPath.keys()].filter((file) => !anew.pageByPath.has(file)),
      [],
      `pages only the updated session has, after ${what}`,
    );
    await readSiteFile(anew, 'search/index.json'); // the search files are made when first asked for
    const files = [...anew.pageByPath.keys(), ...anew.files.keys()].filter((file) => !/graph/.test(file));
    for (const file of files) {
      const [mine, theirs] = [asText(await readSiteFile(updated, file)), asText(await readSiteFile(anew, file))];
      assert.ok(mine === theirs, `${file} differs from a fresh session's after ${what}`);
    }
    const problems = (diagnostics: typeof updated.diagnostics) =>
      diagnostics.map((d) => `${d.code} ${d.file ?? ''} ${d.message}`).sort();
    assert.deepEqual(problems(updated.diagnostics), problems(anew.diagnostics), `problems after ${what}`);
  } finally {
    anew.cancelled = true;
  }
}

describe('wiki dev after random changes', () => {
  for (const [dialect, seed] of [
    ['markdown', 61],
    ['obsidian', 62],
    ['mdx', 63],
  ] as const)
    it(`serves what a fresh session serves (${dialect})`, async () => {
      const random = seededRandom(seed);
      const site = makeRandomSite(dialect, random);
      const live = await startSession(site.configPath);
      try {
        for (let step = 0; step < 8; step++) {
          const changed = new Set<string>();
          for (let count = 0; count < 1 + Math.floor(random() * 2); count++)
            for (const file of site.change(step)) changed.add(file);
          await live.applyChanges(changed);
          await assertServesAsFresh(
            live,
            site.configPath,
            `step ${step} (${[...changed].map((file) => path.relative(site.docs, file)).join(', ')})`,
          );
        }
      } finally {
        live.site!.cancelled = true;
      }
    });
});
