import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { asRoute, htmlPathForRoute } from '../../src/shared/paths.js';
import { makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';

// The project's own notes (docs/) cover every section and page SPEC §2 names, each a genuine note.
const sections = `3d-printing analytics animals anki api art articles augmented-reality automation backups biology books
business chemistry cli cloud-computing code compilers computer-graphics computer-science consciousness courses
cryptocurrencies data-science databases design devops distributed-systems documentaries drugs economy education
environment fitness focusing front-end future games geography governance hardware health history humans ideas
keyboards knowledge languages latex life looking-back machine-learning macOS management math medicine mindfulness
minimalism movies music networking neuroscience nlp notes open-source operating-systems other package-managers
philanthropy philosophy physics podcasts poems privacy programming-languages programming psychology relationships
research-papers research robots security sharing sleep social-networks space streaming talks text-editors tools
travel tv-series unix video virtual-reality web work writing`.split(/\s+/);

const art =
  'anime architecture clothes comics dancing drawing furniture generative-art makeup pen-plotting photography sketching tattoos'.split(
    ' ',
  );
const web =
  `browsers/ browsers/google-chrome/chrome-dev-tools browsers/playwright browsers/safari browsers/stylish-themes cms deno
electron esbuild jamstack/ jamstack/redwood nodejs/ nodejs/fastify nodejs/nestjs progressive-web-apps rollup rss
search-engines seo service-workers spin static-sites/ static-sites/eleventy static-sites/hugo static-sites/jekyll swc vite
web-accessibility web-components web-engines/ web-engines/webkit web-performance web-scraping web-workers webassembly
webpack webrtc`.split(/\s+/);
const months = 'january february march april may june july august september october november december'.split(' ');
const lookingBack = [
  ...[2017, 2018, 2019, 2020, 2021, 2022].map((year) => `/looking-back/${year}/`),
  ...[2018, 2019, 2020, 2021, 2022].flatMap((year) => months.map((month) => `/looking-back/${year}/${month}`)),
  '/looking-back/2023/january',
  '/looking-back/2023/february',
];
const namedRoutes = [
  '/',
  '/search',
  ...sections.map((s) => `/${s}/`),
  ...art.map((p) => `/art/${p}`),
  '/analytics/grafana',
  '/business/startups',
  '/writing/markdown',
  '/writing/writing-prompts',
  ...web.map((p) => `/web/${p}`),
  ...'communication consultancies finding-work/ finding-work/cv finding-work/freelancing finding-work/hiring finding-work/interviews remote-work'
    .split(' ')
    .map((p) => `/work/${p}`),
  ...lookingBack,
  '/travel/visited/',
];

describe('the project site content (docs/)', () => {
  let outDir: string;
  let result: CliResult;
  before(async () => {
    outDir = path.join(makeTempDir(), 'build');
    result = await runWiki(['build', '--out', outDir]);
  });

  it('builds with no errors and no broken links or anchors', () => {
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /broken-(link|anchor)/);
  });

  it('has a page for every section and named subpage of SPEC §2', () => {
    const missing = namedRoutes.filter((route) => !fs.existsSync(path.join(outDir, htmlPathForRoute(asRoute(route)))));
    assert.deepEqual(missing, []);
  });

  it('has pages for books, databases, programming languages and visited countries', () => {
    for (const [folder, minimum] of [
      ['books', 20],
      ['databases', 20],
      ['programming-languages', 20],
      ['travel/visited', 20],
    ] as const) {
      const files = fs.readdirSync(path.join(outDir, folder)).filter((f) => f.endsWith('.html'));
      assert.ok(files.length >= minimum, `${folder} has ${files.length} pages`);
    }
  });

  it('gives every note at least 800 characters of text', () => {
    const dataDir = path.join(outDir, '__data');
    const short: string[] = [];
    for (const file of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
      if (!file.endsWith('.json')) continue;
      const page = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as {
        route: string;
        docId: string;
        contentHtml: string;
      };
      if (page.docId.startsWith('/')) continue; // a generated page (tags, recent): its id is its route, no note's is
      const text = page.contentHtml
        .replace(/<[^>]+>/g, '')
        .replace(/&[a-z#0-9]+;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (text.length < 800) short.push(`${page.route} (${text.length})`);
    }
    assert.deepEqual(short, []);
  });

  it('starts the sidebar with 3D printing', () => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const firstLink = /<nav class="sidebar[^"]*"[^>]*>.*?<a class="menu__link[^"]*" href="([^"]+)"[^>]*>([^<]+)</s.exec(
      html,
    );
    assert.equal(firstLink?.[1], '/3d-printing/');
    assert.match(firstLink?.[2] ?? '', /^3D printing$/i);
  });
});
