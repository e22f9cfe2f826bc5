/** The navbar's pure rules: the version dropdown's target (SPEC §2) and the drawer dropdowns' duration (SPEC §4). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NavbarItem, PageModel } from '../../src/shared/types.js';
import { autoHeightDuration } from '../../src/theme/Navbar/collapse.js';
import { navbarDropdownItems } from '../../src/theme/Navbar/items.js';

const versions: NavbarItem = { type: 'docsVersionDropdown', position: 'right', to: '/guide/' };

describe('version dropdown entries', () => {
  const cases: { kind: PageModel['kind'] | undefined; route: string; to: string }[] = [
    { kind: 'doc', route: '/web/vite', to: '/web/vite' },
    { kind: 'doc', route: '/', to: '/' },
    { kind: 'search', route: '/search', to: '/guide/' },
    { kind: 'notFound', route: '/missing', to: '/guide/' },
    { kind: 'custom', route: '/now', to: '/guide/' },
    { kind: undefined, route: '/web/vite', to: '/guide/' },
  ];
  for (const { kind, route, to } of cases) {
    it(`on a ${kind ?? 'unknown'} page at ${route}, "Next" links to ${to}`, () => {
      assert.deepEqual(
        navbarDropdownItems(versions, { route, pageKind: kind }).map((entry) => [entry.label, entry.to]),
        [['Next', to]],
      );
    });
  }

  it('falls back to the root when the item has no main doc (a theme settings object built by hand)', () => {
    const bare: NavbarItem = { type: 'docsVersionDropdown', position: 'right' };
    assert.equal(navbarDropdownItems(bare, { route: '/search', pageKind: 'search' })[0]?.to, '/');
  });

  it('keeps the entries a config gives', () => {
    const given: NavbarItem = {
      ...versions,
      items: [{ type: 'default', position: 'right', label: 'Old', to: '/old' }],
    };
    assert.deepEqual(navbarDropdownItems(given, { route: '/a', pageKind: 'doc' }), given.items);
  });
});

describe('autoHeightDuration (Docusaurus getAutoHeightDuration)', () => {
  // (4 + 15 * (h / 36) ** 0.25 + (h / 36) / 5) * 10, rounded: worked out by hand for heights with a round fourth root.
  const table: [height: number, ms: number][] = [
    [0, 40],
    [36, 192],
    [576, 372], // h / 36 = 16, fourth root 2
    [2916, 652], // h / 36 = 81, fourth root 3
  ];
  for (const [height, ms] of table)
    it(`${height} px take ${ms} ms`, () => assert.equal(autoHeightDuration(height), ms));

  it('grows with the height, but less than in proportion', () => {
    assert.ok(autoHeightDuration(200) < autoHeightDuration(400));
    assert.ok(autoHeightDuration(400) < 2 * autoHeightDuration(200));
  });
});
