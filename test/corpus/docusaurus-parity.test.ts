import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import {
  type BuiltPageView,
  builtHtmlFile,
  readBuiltPage,
  readBuiltRoutes,
  readBuiltSidebars,
  type SidebarView,
} from '../helpers/builtDocPages.js';
import {
  buildDocusaurusSite,
  describeFailedBuild,
  docusaurusSites,
  type Oracle,
  type OraclePage,
  readOracle,
  type SiteBuild,
} from './docusaurus/sites.js';

// Parity with Docusaurus 3.10.2 on three real Docusaurus docs folders: each site folder of test/corpus/docusaurus is
// built with our CLI and compared, field by field, with what Docusaurus built from the same config (oracle.json,
// written by scripts/docusaurus-oracle.mjs). Each failure lists every difference left: route, field, expected, got.

/** How many differences a failure message lists (the count is always given). */
const SHOWN = 60;

function assertNoDifferences(what: string, differences: readonly string[]): void {
  if (differences.length === 0) return;
  const more = differences.length > SHOWN ? `\n... and ${differences.length - SHOWN} more` : '';
  assert.fail(`${differences.length} difference(s) in ${what}:\n${differences.slice(0, SHOWN).join('\n')}${more}`);
}

/** What differs between two lists: items missing and extra, or, when both hold the same items, the first misordering. */
function listDifference(expected: readonly string[], got: readonly string[]): string | null {
  if (JSON.stringify(expected) === JSON.stringify(got)) return null;
  const missing = expected.filter((item) => !got.includes(item));
  const extra = got.filter((item) => !expected.includes(item));
  if (missing.length === 0 && extra.length === 0) {
    const index = expected.findIndex((item, i) => got[i] !== item);
    return `same items in another order: #${index} expected ${JSON.stringify(expected[index])}, got ${JSON.stringify(got[index])}`;
  }
  return [
    missing.length > 0 && `missing ${JSON.stringify(missing)}`,
    extra.length > 0 && `unexpected ${JSON.stringify(extra)}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** A sidebar as one line per item: its path of category labels, its label and its href, in display order. */
function sidebarLines(items: readonly SidebarView[], parents = ''): string[] {
  return items.flatMap((item) => {
    const line = `${parents}${item.type === 'category' ? '[category] ' : ''}${item.label}${item.href ? ` -> ${item.href}` : ''}`;
    return [line, ...sidebarLines(item.items ?? [], `${parents}${item.label} / `)];
  });
}

const show = (value: unknown) => JSON.stringify(value ?? null);
const linkText = (link: { label: string; href: string } | null) => (link ? `${link.label} -> ${link.href}` : 'none');

for (const name of docusaurusSites) {
  describe(`parity with Docusaurus 3.10 on ${name}`, () => {
    const oracle: Oracle = readOracle(name);
    let build: SiteBuild;
    const ours = new Map<string, BuiltPageView>();

    before(async () => {
      build = await buildDocusaurusSite(name);
      if (!build.built) return;
      for (const route of readBuiltRoutes(build.outDir)) {
        const file = builtHtmlFile(build.outDir, route);
        if (fs.existsSync(file)) ours.set(route, readBuiltPage(fs.readFileSync(file, 'utf8')));
      }
    });

    /** Each oracle page we built, with ours; throws (once per test) when the build wrote nothing. */
    function pairs(): [OraclePage, BuiltPageView][] {
      if (!build.built) assert.fail(describeFailedBuild(name, build));
      return oracle.pages.flatMap((page) => {
        const view = ours.get(page.route);
        return view ? [[page, view] as [OraclePage, BuiltPageView]] : [];
      });
    }

    /** Differences in one field, one line per page: `route: field: what is missing, unexpected or misordered`. */
    function fieldDifferences(
      field: string,
      expected: (page: OraclePage) => string[],
      got: (view: BuiltPageView) => string[],
    ): string[] {
      const compared = pairs();
      const unbuilt = oracle.pages.length - compared.length;
      return [
        ...(unbuilt > 0
          ? [`${unbuilt} of ${oracle.pages.length} pages not built (see the routes test): not compared`]
          : []),
        ...compared.flatMap(([page, view]) => {
          const difference = listDifference(expected(page), got(view));
          return difference ? [`${page.route}: ${field}: ${difference}`] : [];
        }),
      ];
    }

    it('builds every route Docusaurus built, and no other (docs and generated-index pages)', () => {
      pairs();
      const difference = listDifference([...oracle.routes].sort(), [...ours.keys()].sort());
      assertNoDifferences(`${name} routes`, difference ? [`routes: ${difference}`] : []);
    });

    it('shows the sidebar trees of Docusaurus: labels, hrefs, order and nesting', () => {
      pairs();
      const trees = readBuiltSidebars(build.outDir).map((tree) => sidebarLines(tree));
      const differences = Object.entries(oracle.sidebars).flatMap(([sidebarName, items]) => {
        const expected = sidebarLines(items);
        if (trees.some((tree) => listDifference(expected, tree) === null)) return [];
        // Compare with the tree that shares the most items with it, to say what is left.
        const closest = [...trees].sort(
          (a, b) => b.filter((line) => expected.includes(line)).length - a.filter((l) => expected.includes(l)).length,
        )[0];
        return [
          `sidebar "${sidebarName}": ${closest ? listDifference(expected, closest) : 'no sidebar file in assets/'}`,
        ];
      });
      assertNoDifferences(`${name} sidebars`, differences);
    });

    it('gives every page the title (h1) and <title> of Docusaurus', () => {
      const differences = fieldDifferences(
        'title',
        (page) => [`h1 ${show(page.title)}`, `<title> ${show(page.documentTitle)}`],
        (view) => [`h1 ${show(view.title)}`, `<title> ${show(view.documentTitle)}`],
      );
      assertNoDifferences(`${name} titles`, differences);
    });

    it('shows a sidebar on the pages Docusaurus does, and the same breadcrumbs', () => {
      const crumbText = (crumb: { label: string; href?: string }) =>
        `${crumb.label}${crumb.href ? ` -> ${crumb.href}` : ''}`;
      const differences = [
        ...fieldDifferences(
          'sidebar shown',
          (page) => [String(page.sidebar !== null)],
          (view) => [String(view.hasSidebar)],
        ),
        ...fieldDifferences(
          'breadcrumbs',
          (page) => page.breadcrumbs.map(crumbText),
          (view) => view.breadcrumbs.map(crumbText),
        ),
      ];
      assertNoDifferences(`${name} sidebar membership and breadcrumbs`, differences);
    });

    it('links every page to the previous and next pages of Docusaurus', () => {
      const differences = fieldDifferences(
        'previous/next',
        (page) => [`previous ${linkText(page.previous)}`, `next ${linkText(page.next)}`],
        (view) => [`previous ${linkText(view.previous)}`, `next ${linkText(view.next)}`],
      );
      assertNoDifferences(`${name} previous/next`, differences);
    });

    it('gives headings the ids, levels and text of Docusaurus, and the same table of contents', () => {
      const differences = [
        ...fieldDifferences(
          'headings',
          (page) => page.headings.map((h) => `h${h.level} #${h.id} ${show(h.text)}`),
          (view) => view.headings.map((h) => `h${h.level} #${h.id} ${show(h.text)}`),
        ),
        ...fieldDifferences(
          'toc',
          (page) => page.toc.map((entry) => `#${entry.id} ${show(entry.text)}`),
          (view) => view.toc.map((entry) => `#${entry.id} ${show(entry.text)}`),
        ),
      ];
      assertNoDifferences(`${name} headings and table of contents`, differences);
    });

    it('shows the code block titles of Docusaurus', () => {
      const differences = fieldDifferences(
        'code titles',
        (page) => page.codeTitles.map(show),
        (view) => view.codeTitles.map(show),
      );
      assertNoDifferences(`${name} code block titles`, differences);
    });

    // Titles compared without case: Docusaurus writes a default title in lower case and upper-cases it with CSS.
    it('shows the admonitions of Docusaurus: types and titles', () => {
      const differences = fieldDifferences(
        'admonitions',
        (page) => page.admonitions.map((a) => `${a.type}: ${show(a.title.toLowerCase())}`),
        (view) => view.admonitions.map((a) => `${a.type}: ${show(a.title.toLowerCase())}`),
      );
      assertNoDifferences(`${name} admonitions`, differences);
    });

    it('shows the tabs of Docusaurus: one tab list per group, same labels', () => {
      const differences = fieldDifferences(
        'tabs',
        (page) => page.tabs.map((labels) => labels.join(' | ')),
        (view) => view.tabs.map((labels) => labels.join(' | ')),
      );
      assertNoDifferences(`${name} tabs`, differences);
    });
  });
}
