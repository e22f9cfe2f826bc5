/** What a navbar item shows and where it links: labels, dropdown entries, active state, the version and locale rules. */
import type { SyntheticEvent } from 'react';
import { DOCS_PLUGIN_ID, DOCS_VERSION_NAMES, preferredVersionKey } from '../../shared/runtime.js';
import { DEFAULT_LOCALE, type NavbarItem, type PageModel } from '../../shared/types.js';
import { Link } from '@theme/Link';
import { useThemeContext } from '../ThemeContext/index.js';
import { writeStorage } from '../utils/storage.js';
import { clsx, isExternalUrl } from '../utils/index.js';

export const DROPDOWN_TYPES = new Set(['dropdown', 'docsVersionDropdown', 'localeDropdown']);

/** The label a navbar item shows, with defaults for the version and locale items (the locale's configured label). */
export function navbarItemLabel(item: NavbarItem, localeLabel = DEFAULT_LOCALE.label): string {
  if (item.label !== undefined) return item.label;
  if (item.type === 'docsVersion' || item.type === 'docsVersionDropdown') return 'Next';
  if (item.type === 'localeDropdown') return localeLabel;
  return '';
}

/** Where the page on screen is, for the entries that depend on it. */
export interface DropdownLocation {
  readonly route: string;
  readonly pageKind?: PageModel['kind'] | undefined;
  readonly localeLabel?: string | undefined;
}

/**
 * The doc a version entry links to (SPEC §2): the same doc in that version, else the version's main doc (the item's
 * `to`, resolved at build time). The site has one version, so a doc is always in it.
 */
export function versionEntryTarget(item: NavbarItem, { route, pageKind }: DropdownLocation): string {
  return pageKind === 'doc' ? route : (item.to ?? '/');
}

/** A dropdown's entries; the single-version and single-locale switchers get their one entry. */
export function navbarDropdownItems(item: NavbarItem, location: DropdownLocation): readonly NavbarItem[] {
  if (item.items && item.items.length > 0) return item.items;
  const { position } = item;
  if (item.type === 'docsVersionDropdown')
    return [{ type: 'default', position, label: 'Next', to: versionEntryTarget(item, location) }];
  if (item.type === 'localeDropdown')
    return [{ type: 'default', position, label: location.localeLabel ?? DEFAULT_LOCALE.label, to: location.route }];
  return [];
}

/** The entries' click handler: a version entry saves the reader's preferred version (SPEC §4). */
export function dropdownEntryClick(item: NavbarItem, index: number): (() => void) | undefined {
  return item.type === 'docsVersionDropdown' ? () => savePreferredVersion(index) : undefined;
}

/** Remembers the docs version the reader picked; the runtime deletes a saved name that no longer exists. */
function savePreferredVersion(index: number): void {
  const name = DOCS_VERSION_NAMES[index];
  if (name !== undefined) writeStorage(preferredVersionKey(DOCS_PLUGIN_ID), name);
}

/**
 * A locale entry keeps the reader's query and hash (SPEC §2). They are read when the link is used, not rendered: the
 * server knows neither, and hash changes do not re-render the bar.
 */
function keepQueryAndHash(event: SyntheticEvent<HTMLAnchorElement>): void {
  const link = event.currentTarget;
  const target = new URL(link.href, window.location.href);
  target.search = window.location.search;
  target.hash = window.location.hash;
  link.href = target.href;
}

const KEEP_LOCATION = { onClick: keepQueryAndHash, onMouseEnter: keepQueryAndHash, onFocus: keepQueryAndHash };

/** Whether a navbar link points at the current page or the section holding it. */
export function isNavbarItemActive(item: NavbarItem, route: string): boolean {
  if (item.to === undefined || isExternalUrl(item.to)) return false;
  if (item.to === route) return true;
  return item.to !== '/' && item.to.endsWith('/') && route.startsWith(item.to);
}

interface NavbarLinkProps {
  readonly item: NavbarItem;
  readonly className: string;
  /** A locale entry: the link keeps the reader's query and hash. */
  readonly keepLocation?: boolean;
}

export function NavbarLink({ item, className, keepLocation = false }: NavbarLinkProps) {
  const { route, site } = useThemeContext();
  const active = isNavbarItemActive(item, route);
  return (
    <Link
      to={item.to ?? (item.type === 'docsVersion' ? '/' : undefined)}
      href={item.href}
      className={clsx(
        className,
        active && (className.startsWith('menu') ? 'menu__link--active' : 'navbar__link--active'),
      )}
      aria-label={item.ariaLabel}
      aria-current={active && item.to === route ? 'page' : undefined}
      {...(keepLocation && KEEP_LOCATION)}
    >
      {navbarItemLabel(item, site.locale?.label)}
    </Link>
  );
}
