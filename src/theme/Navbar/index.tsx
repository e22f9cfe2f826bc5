/** The top bar: hamburger (mobile), logo and title, left and right items, colour switch, search button. */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { DOCS_PLUGIN_ID, DOCS_VERSION_NAMES, preferredVersionKey } from '../../shared/runtime.js';
import { writeStorage } from '../utils/storage.js';
import { DEFAULT_LOCALE, type NavbarItem, type NavbarLogo } from '../../shared/types.js';
import { ColorModeToggle } from '@theme/ColorModeToggle';
import { Link } from '@theme/Link';
import { SearchButton } from '@theme/SearchButton';
import { IconMenu } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';
import { clsx, isExternalUrl, withBaseUrl } from '../utils/index.js';

interface NavbarLinkProps {
  readonly item: NavbarItem;
  readonly className: string;
  /** A locale entry: the link keeps the reader's query and hash. */
  readonly keepLocation?: boolean;
}

export interface NavbarProps {
  readonly mobileSidebarOpen: boolean;
  readonly onToggleMobileSidebar: () => void;
}

const DROPDOWN_TYPES = new Set(['dropdown', 'docsVersionDropdown', 'localeDropdown']);

/** The label a navbar item shows, with defaults for the version and locale items (the locale's configured label). */
export function navbarItemLabel(item: NavbarItem, localeLabel = DEFAULT_LOCALE.label): string {
  if (item.label !== undefined) return item.label;
  if (item.type === 'docsVersion' || item.type === 'docsVersionDropdown') return 'Next';
  if (item.type === 'localeDropdown') return localeLabel;
  return '';
}

/** A dropdown's entries; the single-version and single-locale switchers get their one entry. */
export function navbarDropdownItems(
  item: NavbarItem,
  route: string,
  localeLabel = DEFAULT_LOCALE.label,
): readonly NavbarItem[] {
  if (item.items && item.items.length > 0) return item.items;
  if (item.type === 'docsVersionDropdown')
    return [{ type: 'default', position: item.position, label: 'Next', to: '/' }];
  if (item.type === 'localeDropdown')
    return [{ type: 'default', position: item.position, label: localeLabel, to: route }];
  return [];
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

export function NavbarBrand({ className }: { className?: string }) {
  const { site } = useThemeContext();
  const { logo, title } = site.navbar;
  const href = logo?.href ?? '/';
  const external = isExternalUrl(href);
  // Nothing to show: a link with no name is no link (WCAG 2.4.4); the empty box keeps the bar's layout.
  if (!logo && !title) return <span className={clsx('navbar__brand', className)} />;
  return (
    <a
      className={clsx('navbar__brand', className)}
      href={external ? href : withBaseUrl(site.baseUrl, href)}
      target={logo?.target ?? (external ? '_blank' : undefined)}
      rel={external ? 'noopener noreferrer' : undefined}
    >
      {logo && <NavbarLogoImage logo={logo} fallbackAlt={title ?? site.title} />}
      {title && <b className="navbar__title">{title}</b>}
    </a>
  );
}

function NavbarLogoImage({ logo, fallbackAlt }: { logo: NavbarLogo; fallbackAlt: string }) {
  const { site } = useThemeContext();
  const alt = logo.alt ?? `${fallbackAlt} logo`;
  const size = { width: logo.width, height: logo.height };
  const src = withBaseUrl(site.baseUrl, logo.src);
  if (!logo.srcDark) return <img className="navbar__logo" src={src} alt={alt} {...size} />;
  return (
    <span className="navbar__logo">
      <img className="themed-image themed-image--light" src={src} alt={alt} {...size} />
      <img
        className="themed-image themed-image--dark"
        src={withBaseUrl(site.baseUrl, logo.srcDark)}
        alt={alt}
        {...size}
      />
    </span>
  );
}

function NavbarLink({ item, className, keepLocation = false }: NavbarLinkProps) {
  const { route, site } = useThemeContext();
  const active = isNavbarItemActive(item, route);
  const to = item.to ?? (item.type === 'docsVersion' ? '/' : undefined);
  return (
    <Link
      to={to}
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

function NavbarDropdown({ item }: { item: NavbarItem }) {
  const { route, site } = useThemeContext();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);
  return (
    <div
      ref={ref}
      className={clsx(
        'navbar__item dropdown dropdown--hoverable',
        item.position === 'right' && 'dropdown--right',
        open && 'dropdown--show',
      )}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="navbar__link dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={item.ariaLabel}
        onClick={() => setOpen(!open)}
      >
        {navbarItemLabel(item, site.locale?.label)}
      </button>
      <ul className="dropdown__menu">
        {navbarDropdownItems(item, route, site.locale?.label).map((child, index) => (
          <li
            key={`${index}:${child.label ?? ''}`}
            onClick={item.type === 'docsVersionDropdown' ? () => savePreferredVersion(index) : undefined}
          >
            <NavbarLink item={child} className="dropdown__link" keepLocation={item.type === 'localeDropdown'} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Remembers the docs version the reader picked (SPEC §4); the runtime deletes a saved name that no longer exists. */
function savePreferredVersion(index: number): void {
  const name = DOCS_VERSION_NAMES[index];
  if (name !== undefined) writeStorage(preferredVersionKey(DOCS_PLUGIN_ID), name);
}

/** One navbar item in the desktop bar. */
export function NavbarItemView({ item }: { item: NavbarItem }) {
  if (item.type === 'search') return <SearchButton />;
  if (item.type === 'html')
    return <div className="navbar__item navbar__item--html" dangerouslySetInnerHTML={{ __html: item.value ?? '' }} />;
  if (DROPDOWN_TYPES.has(item.type)) return <NavbarDropdown item={item} />;
  return <NavbarLink item={item} className="navbar__item navbar__link" />;
}

/** One navbar item in the mobile drawer's main menu (dropdowns become collapsible lists). */
export function NavbarMobileItemView({ item, keepLocation = false }: { item: NavbarItem; keepLocation?: boolean }) {
  const { route, site } = useThemeContext();
  const [open, setOpen] = useState(false);
  if (item.type === 'search') return null;
  if (item.type === 'html')
    return <li className="menu__list-item" dangerouslySetInnerHTML={{ __html: item.value ?? '' }} />;
  if (!DROPDOWN_TYPES.has(item.type)) {
    return (
      <li className="menu__list-item">
        <NavbarLink item={item} className="menu__link" keepLocation={keepLocation} />
      </li>
    );
  }
  return (
    <li className={clsx('menu__list-item menu__list-item--category', !open && 'menu__list-item--collapsed')}>
      <div className="menu__list-item-collapsible">
        <button
          type="button"
          className="menu__link menu__link--sublist menu__link--sublist-caret"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {navbarItemLabel(item, site.locale?.label)}
        </button>
      </div>
      {open && (
        <ul className="menu__list">
          {navbarDropdownItems(item, route, site.locale?.label).map((child, index) => (
            <NavbarMobileItemView
              key={`${index}:${child.label ?? ''}`}
              item={child}
              keepLocation={item.type === 'localeDropdown'}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Hides the bar while scrolling down and shows it again on scroll up or near the top. */
function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > 60 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

export function Navbar({ mobileSidebarOpen, onToggleMobileSidebar }: NavbarProps) {
  const { site } = useThemeContext();
  const t = useTranslate();
  const hidden = useHideOnScroll(site.navbar.hideOnScroll);
  const items = site.navbar.items;
  const left = items.filter((item) => item.position === 'left');
  const right = items.filter((item) => item.position !== 'left');
  const hasSearchItem = items.some((item) => item.type === 'search');
  return (
    <nav
      className={clsx('navbar', hidden && 'navbar--hidden')}
      aria-label={t({ id: 'theme.navbar.ariaLabel', message: 'Main' })}
    >
      <div className="navbar__inner">
        <div className="navbar__items">
          <button
            type="button"
            className="navbar__toggle"
            aria-label={t({ id: 'theme.docs.sidebar.toggleSidebarButtonAriaLabel', message: 'Toggle navigation bar' })}
            aria-expanded={mobileSidebarOpen}
            aria-controls="mobile-sidebar"
            onClick={onToggleMobileSidebar}
          >
            <IconMenu />
          </button>
          <NavbarBrand />
          {left.map((item, index) => (
            <NavbarItemView key={`${index}:${item.label ?? item.type}`} item={item} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map((item, index) => (
            <NavbarItemView key={`${index}:${item.label ?? item.type}`} item={item} />
          ))}
          {!site.colorMode.disableSwitch && <ColorModeToggle className="navbar__color-mode" />}
          {!hasSearchItem && <SearchButton />}
        </div>
      </div>
    </nav>
  );
}
