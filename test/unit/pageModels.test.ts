import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import type { SiteConfigInput } from '../../src/node/config/schema.js';
import { buildNotePageModels, describeInHead } from '../../src/node/resolve/pageModels.js';
import { buildSidebar } from '../../src/node/resolve/sidebar.js';
import type { DocPageModel } from '../../src/shared/types.js';
import { parseVirtualNotes } from '../helpers/virtualNotes.js';

const files: Record<string, string> = {
  'intro.md': '---\nslug: /\n---\n# Home\n\nWelcome to the wiki.',
  'web/web.md': '# Web\n\nAbout the web.',
  'web/vite.md':
    '---\ndescription: A fast bundler\nkeywords: [vite, build]\n---\n# Vite\n\n## Setup\n\n### Config\n\n#### Deep\n\n##### Deeper',
  'web/nodejs/nodejs.md': '---\nsidebar_label: Node\n---\n# Node.js',
  'web/nodejs/fastify.md': '---\npagination_next: null\n---\n# Fastify',
  'tools/hammer.md':
    '---\npagination_prev: web/vite\npagination_next: tools/saw\ncustom_edit_url: https://example.com/edit/hammer\n---\n# Hammer',
  'tools/saw.md': '---\npagination_label: The saw\ncustom_edit_url: null\n---\n# Saw',
  'tools/drill.md': '# Drill',
};

/** Page models of the in-memory site above through the real resolve, parse and sidebar stages. */
function buildPages(config: Partial<SiteConfigInput> = {}): Map<string, DocPageModel> {
  const siteConfig = validateConfig(
    {
      title: 'Test Wiki',
      url: 'https://wiki.example.com',
      editUrl: 'https://github.com/me/wiki/edit/main/docs',
      ...config,
    },
    'test',
  );
  const parsed = parseVirtualNotes(files, { trailingSlash: siteConfig.trailingSlash, baseUrl: siteConfig.baseUrl });
  const sidebar = buildSidebar({ docs: parsed, categories: new Map(), collapsed: true });
  return new Map(
    buildNotePageModels({ config: siteConfig, sidebars: new Map([['defaultSidebar', sidebar]]), docs: parsed }).map(
      (page) => [page.docId as string, page],
    ),
  );
}

const pages = buildPages();
const page = (id: string): DocPageModel => {
  const found = pages.get(id);
  assert.ok(found, `a page for ${id}`);
  return found;
};

// Sidebar order: Home /, tools/ (Drill, Hammer, Saw), Web /web/ (Node /web/nodejs/ (Fastify), Vite).
// The last crumb is the page itself, by its sidebar label, with its route (so the theme never adds its title again).
describe('breadcrumbs', () => {
  const cases: readonly { id: string; expected: unknown }[] = [
    { id: 'intro', expected: [{ label: 'Home', href: '/' }] },
    { id: 'web/web', expected: [{ label: 'Web', href: '/web/' }] },
    {
      id: 'web/vite',
      expected: [
        { label: 'Web', href: '/web/' },
        { label: 'Vite', href: '/web/vite' },
      ],
    },
    {
      id: 'web/nodejs/nodejs',
      expected: [
        { label: 'Web', href: '/web/' },
        { label: 'Node', href: '/web/nodejs/' },
      ],
    },
    {
      id: 'web/nodejs/fastify',
      expected: [
        { label: 'Web', href: '/web/' },
        { label: 'Node', href: '/web/nodejs/' },
        { label: 'Fastify', href: '/web/nodejs/fastify' },
      ],
    },
    { id: 'tools/hammer', expected: [{ label: 'tools' }, { label: 'Hammer', href: '/tools/hammer' }] },
  ];
  for (const c of cases) it(c.id, () => assert.deepEqual(page(c.id).breadcrumbs, c.expected));
});

describe('previous and next', () => {
  const cases: readonly {
    id: string;
    previous?: { title: string; href: string };
    next?: { title: string; href: string };
  }[] = [
    { id: 'intro', next: { title: 'Drill', href: '/tools/drill' } },
    // pagination_label names the note wherever previous/next show it (tools/saw's is "The saw").
    {
      id: 'web/web',
      previous: { title: 'The saw', href: '/tools/saw' },
      next: { title: 'Node', href: '/web/nodejs/' },
    },
    {
      id: 'web/nodejs/nodejs',
      previous: { title: 'Web', href: '/web/' },
      next: { title: 'Fastify', href: '/web/nodejs/fastify' },
    },
    { id: 'web/vite', previous: { title: 'Fastify', href: '/web/nodejs/fastify' } },
    // Overrides: pagination_next: null; pagination_prev/next by doc id; pagination_label.
    { id: 'web/nodejs/fastify', previous: { title: 'Node', href: '/web/nodejs/' } },
    {
      id: 'tools/hammer',
      previous: { title: 'Vite', href: '/web/vite' },
      next: { title: 'The saw', href: '/tools/saw' },
    },
    { id: 'tools/drill', previous: { title: 'Home', href: '/' }, next: { title: 'Hammer', href: '/tools/hammer' } },
  ];
  for (const c of cases) {
    it(c.id, () => {
      assert.deepEqual(page(c.id).previous, c.previous);
      assert.deepEqual(page(c.id).next, c.next);
    });
  }
});

describe('edit URL', () => {
  const cases: readonly { id: string; config?: Partial<SiteConfigInput>; expected: string | undefined }[] = [
    { id: 'web/vite', expected: 'https://github.com/me/wiki/edit/main/docs/web/vite.md' },
    {
      id: 'intro',
      config: { editUrl: 'https://github.com/me/wiki/edit/main/docs/' },
      expected: 'https://github.com/me/wiki/edit/main/docs/intro.md',
    },
    { id: 'tools/hammer', expected: 'https://example.com/edit/hammer' },
    { id: 'tools/saw', expected: undefined },
    { id: 'web/vite', config: { editUrl: undefined }, expected: undefined },
  ];
  for (const c of cases) {
    it(`${c.id}${c.config ? ` with editUrl ${String(c.config.editUrl)}` : ''} -> ${String(c.expected)}`, () => {
      const models = c.config ? buildPages(c.config) : pages;
      assert.equal(models.get(c.id)?.editUrl, c.expected);
    });
  }
});

describe('titles, description and TOC', () => {
  const cases: readonly { id: string; documentTitle: string; description: string }[] = [
    { id: 'intro', documentTitle: 'Home | Test Wiki', description: 'Welcome to the wiki.' },
    { id: 'web/vite', documentTitle: 'Vite | Test Wiki', description: 'A fast bundler' },
    { id: 'web/nodejs/nodejs', documentTitle: 'Node.js | Test Wiki', description: '' },
  ];
  for (const c of cases) {
    it(`${c.id}: "${c.documentTitle}"`, () => {
      assert.equal(page(c.id).documentTitle, c.documentTitle);
      assert.equal(page(c.id).description, c.description);
    });
  }

  it('uses the configured title delimiter', () => {
    assert.equal(buildPages({ titleDelimiter: '·' }).get('web/vite')?.documentTitle, 'Vite · Test Wiki');
  });

  const tocCases: readonly { levels?: { minHeadingLevel: number; maxHeadingLevel: number }; ids: string[] }[] = [
    { ids: ['setup', 'config'] },
    { levels: { minHeadingLevel: 2, maxHeadingLevel: 5 }, ids: ['setup', 'config', 'deep', 'deeper'] },
    { levels: { minHeadingLevel: 3, maxHeadingLevel: 4 }, ids: ['config', 'deep'] },
  ];
  for (const c of tocCases) {
    it(`TOC with levels ${c.levels ? `${c.levels.minHeadingLevel}-${c.levels.maxHeadingLevel}` : 'by default (2-3)'}: ${c.ids.join(', ')}`, () => {
      const models = c.levels ? buildPages({ tableOfContents: c.levels }) : pages;
      assert.deepEqual(
        models.get('web/vite')?.toc.map((item) => item.id),
        c.ids,
      );
    });
  }
});

describe('head tags', () => {
  const attributesOf = (model: DocPageModel, tag: 'meta' | 'link') =>
    model.head.filter((t) => t.tag === tag).map((t) => t.attributes);

  it('canonical, hreflang en and x-default point at the page URL', () => {
    const links = attributesOf(page('web/vite'), 'link');
    assert.deepEqual(links, [
      { rel: 'canonical', href: 'https://wiki.example.com/web/vite' },
      { rel: 'alternate', href: 'https://wiki.example.com/web/vite', hreflang: 'en' },
      { rel: 'alternate', href: 'https://wiki.example.com/web/vite', hreflang: 'x-default' },
    ]);
  });

  const metaCases: readonly { id: string; config?: Partial<SiteConfigInput>; expected: Record<string, string>[] }[] = [
    {
      id: 'web/vite',
      expected: [
        { property: 'og:title', content: 'Vite | Test Wiki' },
        { property: 'og:url', content: 'https://wiki.example.com/web/vite' },
        { name: 'description', content: 'A fast bundler' },
        { property: 'og:description', content: 'A fast bundler' },
        { name: 'keywords', content: 'vite, build' },
      ],
    },
    {
      id: 'web/nodejs/nodejs',
      expected: [
        { property: 'og:title', content: 'Node.js | Test Wiki' },
        { property: 'og:url', content: 'https://wiki.example.com/web/nodejs/' },
      ],
    },
    {
      id: 'web/web',
      config: { noIndex: true, url: 'https://example.org', baseUrl: '/wiki/' },
      expected: [
        { property: 'og:title', content: 'Web | Test Wiki' },
        { property: 'og:url', content: 'https://example.org/wiki/web/' },
        { name: 'description', content: 'About the web.' },
        { property: 'og:description', content: 'About the web.' },
        { name: 'robots', content: 'noindex, nofollow' },
      ],
    },
  ];
  for (const c of metaCases) {
    it(`${c.id}${c.config ? ` with ${JSON.stringify(c.config)}` : ''}: meta tags`, () => {
      const model = c.config ? buildPages(c.config).get(c.id)! : page(c.id);
      assert.deepEqual(attributesOf(model, 'meta'), c.expected);
    });
  }

  it('no robots tag unless noIndex', () => {
    assert.ok(!page('web/web').head.some((t) => t.attributes.name === 'robots'));
  });
});

describe('the tagline', () => {
  const cases: [string, { route: string; description: string }, string][] = [
    ['describes a home note without text', { route: '/', description: '' }, 'Notes worth keeping'],
    ['leaves a home note with text its own description', { route: '/', description: 'Welcome.' }, 'Welcome.'],
    ['is not used on other pages', { route: '/other', description: '' }, ''],
  ];
  for (const [name, doc, description] of cases)
    it(name, () => {
      const head = describeInHead(doc as never, 'Home', { tagline: 'Notes worth keeping' });
      assert.deepEqual(head, { title: 'Home', description });
    });
});
