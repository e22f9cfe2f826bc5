import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CategoryMetadata } from '../../src/node/notes/category.js';
import type { ParsedNote } from '../../src/node/notes/note.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { buildSidebar, flattenSidebar } from '../../src/node/resolve/sidebar.js';
import { asDocId, asRoute } from '../../src/shared/paths.js';
import { pruneSidebar } from '../../src/shared/sidebar.js';
import type { SidebarItem } from '../../src/shared/types.js';
import { parseVirtualNotes } from '../helpers/virtualNotes.js';

/** In-memory notes (docs-relative path -> file text) through the real resolve and parse stages; no problems expected. */
function parseNotes(files: Record<string, string>): ParsedNote[] {
  const diagnostics = new DiagnosticList();
  const parsed = parseVirtualNotes(files, { diagnostics });
  assert.deepEqual(diagnostics.items, []);
  return parsed;
}

/** The tree as a compact outline: "Label -> /href" for links, "[Label -> /href]" or "[Label]" for categories. */
function outline(items: readonly SidebarItem[]): unknown[] {
  return items.map((item) => {
    const name = `${item.label}${item.href ? ` -> ${item.href}` : ''}`;
    return item.type === 'category' ? { [`[${name}]`]: outline(item.items) } : name;
  });
}

interface SidebarCase {
  readonly name: string;
  readonly files: Record<string, string>;
  readonly categories?: Record<string, CategoryMetadata>;
  readonly expected: unknown[];
}

const cases: readonly SidebarCase[] = [
  {
    name: 'orders by path folder by folder ("programming/" before "programming-languages/")',
    files: {
      'programming-languages/rust.md': '# Rust',
      'programming-languages/programming-languages.md': '# Languages',
      'programming/programming.md': '# Programming',
      'programming/zig.md': '# Zig',
      'programming/a.md': '# A',
    },
    expected: [
      { '[Programming -> /programming/]': ['A -> /programming/a', 'Zig -> /programming/zig'] },
      { '[Languages -> /programming-languages/]': ['Rust -> /programming-languages/rust'] },
    ],
  },
  {
    name: 'sidebar_position first, ascending; the rest by path',
    files: {
      'a.md': '# A',
      'b.md': '---\nsidebar_position: 2\n---\n# B',
      'c.md': '---\nsidebar_position: 1\n---\n# C',
      'd.md': '# D',
    },
    expected: ['C -> /c', 'B -> /b', 'A -> /a', 'D -> /d'],
  },
  {
    name: 'number prefixes give positions (2 before 10) and are stripped from routes',
    files: {
      'a.md': '# A',
      '10-b.md': '# B',
      '2-c.md': '# C',
      '05-tools/02-saw.md': '# Saw',
      '05-tools/01-drill.md': '# Drill',
    },
    expected: ['C -> /c', { '[tools]': ['Drill -> /tools/drill', 'Saw -> /tools/saw'] }, 'B -> /b', 'A -> /a'],
  },
  {
    name: 'sidebar_position beats the number prefix; sidebar_label names the link',
    files: { '01-a.md': '---\nsidebar_position: 9\nsidebar_label: Alpha\n---\n# A', '02-b.md': '# B' },
    expected: ['B -> /b', 'Alpha -> /a'],
  },
  {
    name: 'a folder with only its index note becomes a link',
    files: { 'solo/solo.md': '# Solo page', 'zeta.md': '# Zeta' },
    expected: ['Solo page -> /solo/', 'Zeta -> /zeta'],
  },
  {
    name: 'a folder index note labels its category and links it; index.md and README.md count',
    files: {
      'web/web.md': '---\nsidebar_label: The Web\n---\n# Web',
      'web/vite.md': '# Vite',
      'ops/README.md': '# Ops',
      'ops/k8s.md': '# K8s',
      'db/index.md': '# Databases',
      'db/pg.md': '# Postgres',
    },
    expected: [
      { '[Databases -> /db/]': ['Postgres -> /db/pg'] },
      { '[Ops -> /ops/]': ['K8s -> /ops/k8s'] },
      { '[The Web -> /web/]': ['Vite -> /web/vite'] },
    ],
  },
  {
    name: 'a folder without index note is a category without href, labelled by its folder name',
    files: { 'tools/hammer.md': '# Hammer', '03-misc/a.md': '# A' },
    expected: [{ '[misc]': ['A -> /misc/a'] }, { '[tools]': ['Hammer -> /tools/hammer'] }],
  },
  {
    name: 'integer-like folder names first, ascending ("9" before "10")',
    files: {
      'about.md': '# About',
      '10/a.md': '# Ten',
      '9/b.md': '# Nine',
      '2017/2017.md': '# Year 2017',
      '2017/01.md': '# January',
      '0100/x.md': '# X',
    },
    expected: [
      { '[9]': ['Nine -> /9/b'] },
      { '[10]': ['Ten -> /10/a'] },
      { '[Year 2017 -> /2017/]': ['January -> /2017/01'] },
      { '[0100]': ['X -> /0100/x'] },
      'About -> /about',
    ],
  },
  {
    name: 'nested folders nest categories',
    files: {
      'web/web.md': '# Web',
      'web/nodejs/nodejs.md': '# Node',
      'web/nodejs/fastify.md': '# Fastify',
      'web/vite.md': '# Vite',
    },
    expected: [
      { '[Web -> /web/]': [{ '[Node -> /web/nodejs/]': ['Fastify -> /web/nodejs/fastify'] }, 'Vite -> /web/vite'] },
    ],
  },
  {
    name: '_category_ label and position override the folder name and order',
    files: { 'a.md': '# A', 'tools/hammer.md': '# Hammer', 'web/web.md': '# Web', 'web/vite.md': '# Vite' },
    categories: { tools: { label: 'Toolbox', position: 1 }, web: { label: 'Internet', position: 2 } },
    expected: [
      { '[Toolbox]': ['Hammer -> /tools/hammer'] },
      { '[Internet -> /web/]': ['Vite -> /web/vite'] },
      'A -> /a',
    ],
  },
  {
    name: '_category_ link: null unlinks the index note, which becomes a child',
    files: { 'web/web.md': '# Web', 'web/vite.md': '# Vite' },
    categories: { web: { link: null } },
    expected: [{ '[web]': ['Vite -> /web/vite', 'Web -> /web/'] }],
  },
  {
    name: '_category_ link to a doc id makes that note the category page',
    files: { 'web/overview.md': '# Overview', 'web/vite.md': '# Vite' },
    categories: { web: { link: { type: 'doc', id: 'overview' } } },
    expected: [{ '[Overview -> /web/overview]': ['Vite -> /web/vite'] }],
  },
];

describe('buildSidebar', () => {
  for (const c of cases) {
    it(c.name, () => {
      const sidebar = buildSidebar({
        docs: parseNotes(c.files),
        categories: new Map(Object.entries(c.categories ?? {})),
        collapsed: true,
      });
      assert.deepEqual(outline(sidebar), c.expected);
    });
  }

  const collapseCases: readonly {
    name: string;
    metadata?: CategoryMetadata;
    defaultCollapsed: boolean;
    collapsed: boolean;
    collapsible: boolean;
  }[] = [
    { name: 'site default collapsed', defaultCollapsed: true, collapsed: true, collapsible: true },
    { name: 'site default expanded', defaultCollapsed: false, collapsed: false, collapsible: true },
    {
      name: '_category_ collapsed: false',
      metadata: { collapsed: false },
      defaultCollapsed: true,
      collapsed: false,
      collapsible: true,
    },
    {
      name: '_category_ collapsed: true',
      metadata: { collapsed: true },
      defaultCollapsed: false,
      collapsed: true,
      collapsible: true,
    },
    {
      name: '_category_ collapsible: false',
      metadata: { collapsible: false },
      defaultCollapsed: true,
      collapsed: true,
      collapsible: false,
    },
  ];
  for (const c of collapseCases) {
    it(`collapsed/collapsible: ${c.name}`, () => {
      const docs = parseNotes({ 'tools/hammer.md': '# Hammer', 'tools/saw.md': '# Saw' });
      const [category] = buildSidebar({
        docs,
        categories: new Map(c.metadata ? [['tools', c.metadata]] : []),
        collapsed: c.defaultCollapsed,
      });
      assert.equal(category?.type, 'category');
      assert.equal(category.type === 'category' && category.collapsed, c.collapsed);
      assert.equal(category.type === 'category' && category.collapsible, c.collapsible);
    });
  }
});

describe('flattenSidebar', () => {
  it('lists links in reading order, a category page before its children', () => {
    const docs = parseNotes({
      'intro.md': '---\nslug: /\n---\n# Intro',
      'web/web.md': '# Web',
      'web/vite.md': '# Vite',
      'web/nodejs/nodejs.md': '# Node',
      'web/nodejs/fastify.md': '# Fastify',
      'tools/hammer.md': '# Hammer',
    });
    const sidebar = buildSidebar({ docs, categories: new Map(), collapsed: true });
    assert.deepEqual(
      flattenSidebar(sidebar).map(({ label, href }) => ({ label, href })),
      [
        { label: 'Intro', href: '/' },
        { label: 'Hammer', href: '/tools/hammer' },
        { label: 'Web', href: '/web/' },
        { label: 'Node', href: '/web/nodejs/' },
        { label: 'Fastify', href: '/web/nodejs/fastify' },
        { label: 'Vite', href: '/web/vite' },
      ],
    );
  });

  it('flattens a category of 200,000 pages (more than one call can take as arguments)', () => {
    const items: SidebarItem[] = Array.from({ length: 200_000 }, (_, n) => ({
      type: 'link',
      label: `Note ${n}`,
      href: asRoute(`/wide/note-${n}`),
      docId: asDocId(`wide/note-${n}`),
    }));
    const sidebar: SidebarItem[] = [
      { type: 'category', label: 'Wide', href: asRoute('/wide/'), items, collapsed: true, collapsible: true },
    ];
    const flat = flattenSidebar(sidebar);
    assert.equal(flat.length, 200_001);
    assert.equal(flat[0]!.href, '/wide/');
    assert.equal(flat[200_000]!.href, '/wide/note-199999');
  });
});

describe('pruneSidebar', () => {
  const link = (label: string, href: string): SidebarItem => ({
    type: 'link',
    label,
    href: asRoute(href),
    docId: asDocId(href.slice(1)),
  });
  const category = (
    label: string,
    items: SidebarItem[],
    options: { href?: string; collapsed?: boolean } = {},
  ): SidebarItem => ({
    type: 'category',
    label,
    ...(options.href && { href: asRoute(options.href) }),
    collapsible: true,
    collapsed: options.collapsed ?? true,
    items,
  });
  const tree: SidebarItem[] = [
    link('Intro', '/'),
    category(
      'Web',
      [category('Node', [link('Fastify', '/web/nodejs/fastify')], { href: '/web/nodejs/' }), link('Vite', '/web/vite')],
      { href: '/web/' },
    ),
    category('Tools', [link('Hammer', '/tools/hammer')]),
    category('Open', [link('Always', '/open/always'), category('Closed', [link('Deep', '/open/closed/deep')])], {
      collapsed: false,
    }),
  ];

  const pruneCases: readonly { route: string; expected: unknown[] }[] = [
    {
      route: '/',
      expected: [
        'Intro -> /',
        { '[Web -> /web/] unloaded': [] },
        { '[Tools] unloaded': [] },
        { '[Open]': ['Always -> /open/always', { '[Closed] unloaded': [] }] },
      ],
    },
    {
      route: '/web/nodejs/fastify',
      expected: [
        'Intro -> /',
        { '[Web -> /web/]': [{ '[Node -> /web/nodejs/]': ['Fastify -> /web/nodejs/fastify'] }, 'Vite -> /web/vite'] },
        { '[Tools] unloaded': [] },
        { '[Open]': ['Always -> /open/always', { '[Closed] unloaded': [] }] },
      ],
    },
    {
      route: '/web/',
      expected: [
        'Intro -> /',
        { '[Web -> /web/]': [{ '[Node -> /web/nodejs/] unloaded': [] }, 'Vite -> /web/vite'] },
        { '[Tools] unloaded': [] },
        { '[Open]': ['Always -> /open/always', { '[Closed] unloaded': [] }] },
      ],
    },
    {
      route: '/open/closed/deep',
      expected: [
        'Intro -> /',
        { '[Web -> /web/] unloaded': [] },
        { '[Tools] unloaded': [] },
        { '[Open]': ['Always -> /open/always', { '[Closed]': ['Deep -> /open/closed/deep'] }] },
      ],
    },
  ];

  const prunedOutline = (items: readonly SidebarItem[]): unknown[] =>
    items.map((item) => {
      const name = `${item.label}${item.href ? ` -> ${item.href}` : ''}`;
      return item.type === 'category'
        ? { [`[${name}]${item.unloaded ? ' unloaded' : ''}`]: prunedOutline(item.items) }
        : name;
    });

  for (const c of pruneCases) {
    it(`keeps only the branch of ${c.route} and expanded categories`, () => {
      assert.deepEqual(prunedOutline(pruneSidebar(tree, c.route)), c.expected);
    });
  }

  it('does not change the full tree', () => {
    const before = JSON.stringify(tree);
    pruneSidebar(tree, '/');
    assert.equal(JSON.stringify(tree), before);
  });
});
