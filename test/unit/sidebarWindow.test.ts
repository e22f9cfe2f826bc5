import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRuntimeFiles } from '../../src/node/pipeline/runtimeData.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { buildNotePageModels } from '../../src/node/resolve/pageModels.js';
import { buildSidebar, MAX_REPEATED_TITLE, shortenTitle } from '../../src/node/resolve/sidebar.js';
import { asDocId, asRoute } from '../../src/shared/paths.js';
import {
  assemblePageSidebar,
  indexSidebarRoutes,
  pageSidebarBranches,
  pageSidebarWindows,
  pruneSidebar,
  SIDEBAR_CHUNK_SIZE,
  SIDEBAR_WIDE_LIST,
  SIDEBAR_WINDOW_BLOCK,
  SIDEBAR_WINDOW_HEAD,
  sidebarChunkFile,
  sidebarChunksOf,
  sidebarHasLoadedRoute,
  sidebarShapeKeys,
  sidebarSkeleton,
  sidebarWindowRanges,
  type PageSidebarWindows,
} from '../../src/shared/sidebar.js';
import type { Breadcrumb, DocPageModel, SidebarCategory, SidebarItem, SidebarMore } from '../../src/shared/types.js';
import type { RuntimeContext } from '../../src/client/context.js';
import { createViewStore } from '../../src/client/context.js';
import { loadSidebarItems, sidebarForPage } from '../../src/client/sidebarBranches.js';
import { parseVirtualNotes } from '../helpers/virtualNotes.js';

// The windows of wide sidebar lists: what each page carries of a list of more than SIDEBAR_WIDE_LIST items, and what
// the browser rebuilds from the sidebar files (it must be the very tree the page was rendered with, or hydration fails).

it('has the sizes the cases below are written for', () => {
  assert.deepEqual(
    [SIDEBAR_WIDE_LIST, SIDEBAR_WINDOW_BLOCK, SIDEBAR_WINDOW_HEAD, SIDEBAR_CHUNK_SIZE],
    [100, 8, 5, 200],
  );
});

describe('sidebarWindowRanges', () => {
  const cases: readonly { total: number; at: number; expected: [number, number][]; why: string }[] = [
    { total: 12, at: 3, expected: [[0, 12]], why: 'a short list is shown whole' },
    { total: 100, at: 99, expected: [[0, 100]], why: 'at the threshold it is still shown whole' },
    { total: 101, at: -1, expected: [[0, 16]], why: 'no item holds the page: the first two blocks' },
    { total: 101, at: 0, expected: [[0, 16]], why: 'first block: itself and the next' },
    { total: 101, at: 7, expected: [[0, 16]], why: 'the same for the whole first block' },
    { total: 101, at: 8, expected: [[0, 24]], why: 'second block: the first three blocks, head included' },
    {
      total: 101,
      at: 16,
      expected: [
        [0, 5],
        [8, 32],
      ],
      why: 'third block: the head, then blocks 1 to 3',
    },
    {
      total: 101,
      at: 100,
      expected: [
        [0, 5],
        [88, 101],
      ],
      why: 'last block: cut at the end of the list',
    },
    {
      total: 10_000,
      at: 4821,
      expected: [
        [0, 5],
        [4808, 4832],
      ],
      why: 'the middle of a large folder',
    },
    {
      total: 10_000,
      at: 9999,
      expected: [
        [0, 5],
        [9984, 10_000],
      ],
      why: 'its last item',
    },
  ];
  for (const c of cases)
    it(`${c.total} items, item ${c.at}: ${c.why}`, () =>
      assert.deepEqual(sidebarWindowRanges(c.total, c.at), c.expected));

  it('never shows more than the head and three blocks', () => {
    for (let at = -1; at < 1000; at++) {
      const shown = sidebarWindowRanges(1000, at).reduce((sum, [start, end]) => sum + end - start, 0);
      assert.ok(shown <= SIDEBAR_WINDOW_HEAD + 3 * SIDEBAR_WINDOW_BLOCK, `item ${at}: ${shown}`);
      if (at >= 0)
        assert.ok(
          sidebarWindowRanges(1000, at).some(([start, end]) => start <= at && at < end),
          `item ${at} is shown`,
        );
    }
  });
});

describe('sidebarChunksOf', () => {
  const cases: readonly { ranges: [number, number][]; expected: number[] }[] = [
    { ranges: [[0, 50]], expected: [0] },
    {
      ranges: [
        [0, 5],
        [175, 250],
      ],
      expected: [0, 1],
    },
    {
      ranges: [
        [0, 5],
        [4775, 4850],
      ],
      expected: [0, 23, 24],
    },
    { ranges: [[0, 200]], expected: [0] },
    { ranges: [[0, 201]], expected: [0, 1] },
  ];
  for (const c of cases) it(JSON.stringify(c.ranges), () => assert.deepEqual(sidebarChunksOf(c.ranges), c.expected));
});

// ---- A synthetic tree with every kind of wide list ----

const link = (href: string, label = href): SidebarItem => ({
  type: 'link',
  label,
  href: asRoute(href),
  docId: asDocId(href.slice(1)),
});
const category = (
  label: string,
  items: SidebarItem[],
  options: { href?: string; collapsed?: boolean } = {},
): SidebarCategory => ({
  type: 'category',
  label,
  ...(options.href && { href: asRoute(options.href) }),
  collapsible: true,
  collapsed: options.collapsed ?? true,
  items,
});
const links = (prefix: string, count: number) => Array.from({ length: count }, (_unused, i) => link(`${prefix}${i}`));

/** A wide top level (170 items) holding: a wide folder with an index page and a subfolder in it, a folder holding a wide folder, an expanded wide folder. */
function wideTree(): SidebarItem[] {
  const wide = category(
    'Wide',
    [
      ...links('/wide/n', 300),
      category('Inner', links('/wide/inner/n', 3), { href: '/wide/inner/' }),
      ...links('/wide/m', 100),
    ],
    { href: '/wide/' },
  );
  const nested = category('Nested', [link('/nested/a'), category('Deep', links('/nested/deep/n', 160))]);
  const open = category('Open', links('/open/n', 155), { collapsed: false });
  return [
    link('/'),
    ...links('/r', 80),
    wide,
    nested,
    ...links('/s', 80),
    open,
    category('Small', links('/small/n', 4)),
  ];
}

const config = validateConfig({ title: 'Wide', url: 'https://wiki.example.com', baseUrl: '/wiki/' }, 'test');

/** Every route of a tree, with the breadcrumbs a page model gives it (the categories above it). */
function routesOf(
  items: readonly SidebarItem[],
  trail: Breadcrumb[] = [],
): { route: string; breadcrumbs: Breadcrumb[] }[] {
  return items.flatMap((item) => {
    if (item.type === 'more') return [];
    const own = item.href ? [{ route: item.href as string, breadcrumbs: [...trail, { label: item.label }] }] : [];
    if (item.type !== 'category') return own;
    const crumb: Breadcrumb = item.href ? { label: item.label, href: item.href } : { label: item.label };
    return [...own, ...routesOf(item.items, [...trail, crumb])];
  });
}

/** What the browser can fetch: the sidebar files of `buildRuntimeFiles`, by URL, parsed. */
function sidebarFiles(sidebar: readonly SidebarItem[]) {
  const { runtime, files } = buildRuntimeFiles({ config, sidebar, specialPages: [] });
  const byUrl = new Map([...files].map(([relPath, text]) => [`/wiki/${relPath}`, text]));
  const json = <T>(url: string): T => {
    const text = byUrl.get(url);
    assert.ok(text !== undefined, `no sidebar file ${url}`);
    return JSON.parse(text) as T;
  };
  return { runtime, files, json };
}

/** What the browser assembles for the page at `route` from the files its data names (see bootSidebar.ts). */
function assembleInBrowser(
  tree: readonly SidebarItem[],
  route: string,
  site: ReturnType<typeof sidebarFiles>,
): SidebarItem[] {
  const filesUrl = site.runtime.sidebarBranchUrl;
  const index = indexSidebarRoutes(tree, filesUrl);
  const pruned = pruneSidebar(tree, route, index);
  const branches = new Map(
    pageSidebarBranches(tree, route, index).map((i) => [i, site.json<SidebarItem>(`${filesUrl}${i}.json`)]),
  );
  const chunks = new Map<string, Map<number, SidebarItem[]>>();
  for (const window of pageSidebarWindows(pruned, route)) {
    chunks.set(
      window.list,
      new Map(
        window.chunks.map((chunk) => [
          chunk,
          site.json<SidebarItem[]>(`${filesUrl}${sidebarChunkFile(window.list, chunk)}`),
        ]),
      ),
    );
  }
  return assemblePageSidebar(site.json<SidebarItem[]>(site.runtime.sidebarSkeletonUrl), branches, route, {
    chunks,
    filesUrl,
  });
}

/** The lists of a pruned tree as outlines: link hrefs, `[label]` for categories, `+N` for a `more` entry. */
function outline(items: readonly SidebarItem[]): string[] {
  return items.map((item) =>
    item.type === 'more' ? `+${item.total}` : item.type === 'category' ? `[${item.label}]` : (item.href ?? ''),
  );
}

const moreOf = (items: readonly SidebarItem[]): SidebarMore | undefined => {
  const last = items.at(-1);
  return last?.type === 'more' ? last : undefined;
};
const find = (items: readonly SidebarItem[], label: string): SidebarCategory => {
  const found = items.find((item): item is SidebarCategory => item.type === 'category' && item.label === label);
  assert.ok(found, `a category ${label}`);
  return found;
};

describe('pruneSidebar with wide lists', () => {
  const tree = wideTree();
  const filesUrl = '/wiki/assets/sidebar-x/';
  const index = indexSidebarRoutes(tree, filesUrl);

  it('shows the head and the blocks around the page, then "Show all"', () => {
    const pruned = pruneSidebar(tree, '/wide/n260', index);
    const wide = find(pruned, 'Wide');
    assert.deepEqual(outline(wide.items), [
      ...['/wide/n0', '/wide/n1', '/wide/n2', '/wide/n3', '/wide/n4'],
      ...Array.from({ length: 24 }, (_u, i) => `/wide/n${248 + i}`),
      '+401',
    ]);
    assert.deepEqual(moreOf(wide.items), {
      type: 'more',
      label: 'Wide',
      list: '81',
      total: 401,
      shown: [
        [0, 5],
        [248, 272],
      ],
      listing: `${filesUrl}list-81/`,
    });
    // The top level is wide too: its window is around Wide, the item holding the page.
    assert.deepEqual(moreOf(pruned)?.shown, [
      [0, 5],
      [72, 96],
    ]);
  });

  it('finds the page inside a subfolder of a wide list', () => {
    const wide = find(pruneSidebar(tree, '/wide/inner/n1', index), 'Wide');
    assert.deepEqual(moreOf(wide.items)?.shown, [
      [0, 5],
      [288, 312],
    ]);
    assert.deepEqual(outline(find(wide.items, 'Inner').items), ['/wide/inner/n0', '/wide/inner/n1', '/wide/inner/n2']);
  });

  it('shows the first blocks of a wide list that does not hold the page (its index page, an expanded folder)', () => {
    assert.deepEqual(moreOf(find(pruneSidebar(tree, '/wide/', index), 'Wide').items)?.shown, [[0, 16]]);
    assert.deepEqual(moreOf(find(pruneSidebar(tree, '/s70', index), 'Open').items)?.shown, [[0, 16]]);
  });

  it('leaves lists of SIDEBAR_WIDE_LIST items or fewer as they were', () => {
    const small = [link('/a'), category('B', links('/b/n', 100))];
    assert.deepEqual(pruneSidebar(small, '/b/n99'), [small[0], { ...small[1], items: links('/b/n', 100) }]);
  });

  it('gives the pages of one window block one shape key, and other blocks other keys', () => {
    const keys = sidebarShapeKeys(tree);
    assert.equal(keys.get('/wide/n0'), keys.get('/wide/n7'));
    assert.notEqual(keys.get('/wide/n7'), keys.get('/wide/n8'));
    const shapes = new Map<string, string>();
    for (const { route } of routesOf(tree)) {
      const shape = JSON.stringify([pruneSidebar(tree, route, index), pageSidebarBranches(tree, route, index)]);
      const key = keys.get(route) ?? '';
      assert.equal(shapes.get(key) ?? shape, shape, `${route} has the shape of the other pages of its key`);
      shapes.set(key, shape);
    }
  });
});

describe('the sidebar files', () => {
  const tree = wideTree();
  const site = sidebarFiles(tree);

  it('rebuild in the browser the very sidebar of every page', () => {
    const filesUrl = site.runtime.sidebarBranchUrl;
    const index = indexSidebarRoutes(tree, filesUrl);
    const differing = routesOf(tree).filter(
      ({ route }) => !assertSame(assembleInBrowser(tree, route, site), pruneSidebar(tree, route, index)),
    );
    assert.deepEqual(
      differing.map(({ route }) => route),
      [],
    );
  });

  it('stay bounded: no file but the whole tree (for tools) holds a wide list whole', () => {
    const largest = [...site.files]
      .filter(([relPath]) => /^assets\/sidebar-[^/]+\//.test(relPath))
      .reduce((max, [, text]) => Math.max(max, text.length), 0);
    assert.ok(largest < 30_000, `largest sidebar file: ${largest} characters`);
    assert.deepEqual(
      sidebarSkeleton(tree, 'u/').map((item) => item.type),
      ['more'],
    );
  });

  it('list every note of a wide list on its listing pages, which link each other', () => {
    const pages = [...site.files].filter(([relPath]) => /\/list-81\//.test(relPath)).map(([, html]) => html);
    assert.equal(pages.length, 3); // 404 entries: Wide's 400 notes, Inner and its 3
    const hrefs = pages.flatMap((html) => [...html.matchAll(/<li[^>]*><a href="([^"]+)"/g)].map((match) => match[1]));
    assert.equal(hrefs.length, 404);
    for (const { route } of routesOf(find(tree, 'Wide').items)) assert.ok(hrefs.includes(`/wiki${route}`), route);
    assert.match(pages[0]!, /<a rel="next" href="\/wiki\/assets\/sidebar-[0-9a-f]+\/list-81\/2\/">/);
  });
});

function assertSame(actual: unknown, expected: unknown): boolean {
  return JSON.stringify(actual) === JSON.stringify(expected);
}

// ---- The browser runtime: navigation and "Show all" over the same files ----

describe('the browser runtime with wide lists', () => {
  const tree = wideTree();
  const site = sidebarFiles(tree);
  const routes = new Map(routesOf(tree).map((entry) => [entry.route, entry]));

  /** A runtime context showing `route` as the page loaded it, with fetch answering from the sidebar files. */
  function runtimeOn(route: string): RuntimeContext {
    globalThis.fetch = (async (url: string) => ({
      status: 200,
      json: async () => site.json(String(url)),
    })) as unknown as typeof fetch;
    const store = createViewStore({ page: pageAt(route), sidebar: assembleInBrowser(tree, route, site) });
    return {
      store,
      settings: site.runtime,
      loadSidebarBranch: async (i: number) => site.json<SidebarItem>(`${site.runtime.sidebarBranchUrl}${i}.json`),
    } as unknown as RuntimeContext;
  }

  /** The page data of `route`, with the windows the build writes into it. */
  function pageAt(route: string): DocPageModel {
    const index = indexSidebarRoutes(tree, site.runtime.sidebarBranchUrl);
    const windows = pageSidebarWindows(pruneSidebar(tree, route, index), route);
    return {
      kind: 'doc',
      route: asRoute(route),
      breadcrumbs: routes.get(route)!.breadcrumbs,
      ...(windows.length > 0 && { sidebarWindows: windows }),
    } as unknown as DocPageModel;
  }

  const moves: readonly [string, string][] = [
    ['/wide/n3', '/wide/m90'], // along a wide folder, past its first chunk
    ['/r3', '/wide/n200'], // from the top level into a closed wide folder
    ['/wide/n10', '/nested/deep/n150'], // into a wide folder inside a closed one
    ['/s70', '/r40'], // along the wide top level
    ['/wide/n10', '/wide/inner/n2'], // into a subfolder of a wide folder
    ['/open/n154', '/small/n3'], // a plain folder from a wide one
  ];
  for (const [from, to] of moves) {
    it(`moves the windows from ${from} to ${to}`, async () => {
      const ctx = runtimeOn(from);
      const sidebar = await sidebarForPage(ctx, pageAt(to));
      assert.ok(sidebarHasLoadedRoute(sidebar, to), `${to} is in the tree`);
      for (const window of (pageAt(to) as DocPageModel & PageSidebarWindows).sidebarWindows ?? []) {
        const held = listOf(sidebar, window.list);
        if (held)
          assert.deepEqual(
            moreOf(held)?.shown ?? 'whole',
            sidebarWindowRanges(moreOf(held)?.total ?? held.length, window.at),
            `list ${window.list}`,
          );
      }
    });
  }

  it('"Show all" puts every item of the list in place, keeping what was loaded', async () => {
    const ctx = runtimeOn('/wide/n260');
    const wide = find(ctx.store.get().sidebar, 'Wide');
    await loadSidebarItems(ctx, { ...wide, items: wide.items });
    const whole = find(ctx.store.get().sidebar, 'Wide').items;
    assert.equal(whole.length, 401);
    assert.ok(whole.every((item) => item.type !== 'more'));
    assert.deepEqual(outline(find(whole, 'Inner').items), ['/wide/inner/n0', '/wide/inner/n1', '/wide/inner/n2']);
    assert.ok(moreOf(ctx.store.get().sidebar), 'the top level keeps its window');
  });

  it('opens a closed folder inside a window from its chunk file', async () => {
    const ctx = runtimeOn('/wide/n290');
    const inner = find(find(ctx.store.get().sidebar, 'Wide').items, 'Inner');
    assert.equal(inner.unloaded, true);
    await loadSidebarItems(ctx, inner);
    const loaded = find(find(ctx.store.get().sidebar, 'Wide').items, 'Inner');
    assert.deepEqual(outline(loaded.items), ['/wide/inner/n0', '/wide/inner/n1', '/wide/inner/n2']);
    assert.deepEqual(
      moreOf(find(ctx.store.get().sidebar, 'Wide').items)?.shown,
      [
        [0, 5],
        [280, 304],
      ],
      'the window stays',
    );
  });
});

/** The list `list` (a SidebarMore.list id) of a tree as the browser holds it. */
function listOf(items: readonly SidebarItem[], list: string): readonly SidebarItem[] | undefined {
  if (list === 'root') return items;
  const [first, ...rest] = list.split('.').map(Number);
  const more = moreOf(items);
  const position = more
    ? more.shown.flatMap(([start, end]) => Array.from({ length: end - start }, (_u, i) => start + i)).indexOf(first!)
    : first!;
  const item = items[position];
  if (item?.type !== 'category') return undefined;
  return rest.length === 0 ? item.items : listOf(item.items, rest.join('.'));
}

// ---- Long titles ----

describe('shortenTitle', () => {
  const cases: readonly { title: string; expected: string }[] = [
    { title: 'Rust', expected: 'Rust' },
    { title: 'x'.repeat(MAX_REPEATED_TITLE), expected: 'x'.repeat(MAX_REPEATED_TITLE) },
    { title: 'x'.repeat(MAX_REPEATED_TITLE + 1), expected: `${'x'.repeat(MAX_REPEATED_TITLE - 1)}…` },
    {
      title: `${'x'.repeat(MAX_REPEATED_TITLE - 3)} ${'y'.repeat(50)}`,
      expected: `${'x'.repeat(MAX_REPEATED_TITLE - 3)} y…`,
    },
    { title: `${'x'.repeat(MAX_REPEATED_TITLE - 2)}😀😀😀`, expected: `${'x'.repeat(MAX_REPEATED_TITLE - 2)}…` }, // never half an emoji
  ];
  for (const c of cases) it(`${c.title.length} characters`, () => assert.equal(shortenTitle(c.title), c.expected));
});

describe('a note with a very long title', () => {
  const long = `Long ${'t'.repeat(100_000)}`;
  const files: Record<string, string> = {
    'a.md': '# A',
    'b.md': `---\ntitle: ${long}\n---\nText.`,
    'c.md': `# ${long}\n\nText.`,
    'd.md': `---\nsidebar_label: ${long}\n---\n# D`,
  };
  const siteConfig = validateConfig({ title: 'Site', url: 'https://wiki.example.com' }, 'test');
  const diagnostics = new DiagnosticList();
  const parsed = parseVirtualNotes(files, { diagnostics });
  const sidebar = buildSidebar({ docs: parsed, categories: new Map(), collapsed: true });
  const pages = new Map(
    buildNotePageModels({
      config: siteConfig,
      sidebars: new Map([['defaultSidebar', sidebar]]),
      docs: parsed,
      diagnostics,
      displayPath: (file) => file.replace('/virtual/', ''),
    }).map((page) => [page.route as string, page]),
  );

  it('is cut wherever it is repeated: sidebar, previous/next, breadcrumbs, its page title and head', () => {
    assert.ok(sidebar.every((item) => item.label.length <= MAX_REPEATED_TITLE));
    assert.equal(pages.get('/a')!.next!.title.length, MAX_REPEATED_TITLE);
    assert.equal(pages.get('/c')!.previous!.title.length, MAX_REPEATED_TITLE);
    // All but the note's own HTML (where a title that is its first heading stays whole).
    const modelSize = (route: string) => JSON.stringify({ ...pages.get(route), contentHtml: '' }).length;
    for (const route of ['/b', '/c', '/d'])
      assert.ok(modelSize(route) < 5_000, `${route}: ${modelSize(route)} characters`);
    assert.equal(pages.get('/b')!.title, shortenTitle(long));
    assert.ok(pages.get('/b')!.documentTitle.startsWith(shortenTitle(long)));
  });

  it('is a warning naming the note and what to set', () => {
    const warnings = diagnostics.items.filter((item) => item.code === 'long-title');
    assert.deepEqual(
      warnings.map((item) => [item.severity, item.file]),
      [
        ['warning', 'docs/b.md'],
        ['warning', 'docs/c.md'],
        ['warning', 'docs/d.md'],
      ],
    );
    assert.match(warnings[0]!.message, /^Its title is 100,005 characters long: .* its first 300 characters\.$/);
    assert.match(warnings[0]!.hint!, /Set a shorter `title` in its front matter \(300 characters at most\)/);
    assert.match(warnings[1]!.message, /^Its title \(its first heading\) is/);
    assert.match(warnings[1]!.hint!, /or shorten its first heading/);
    assert.match(warnings[2]!.message, /^Its `sidebar_label` is 100,005 characters long/);
  });
});
