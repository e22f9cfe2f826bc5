/** The top bar: hamburger (mobile), logo and title, left and right items, colour switch, search button. */
import { useEffect, useState } from 'react';
import type { NavbarItem, NavbarLogo } from '../../shared/types.js';
import { ColorModeToggle } from '@theme/ColorModeToggle';
import { SearchButton } from '@theme/SearchButton';
import { IconMenu } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';
import { clsx, isExternalUrl, withBaseUrl } from '../utils/index.js';
import { NavbarDropdown, NavbarMobileDropdown } from './Dropdown.js';
import { DROPDOWN_TYPES, NavbarLink } from './items.js';
import { navbarLogoAlt } from './logoAlt.js';

export { isNavbarItemActive, navbarDropdownItems, navbarItemLabel, versionEntryTarget } from './items.js';
export { autoHeightDuration } from './collapse.js';

export interface NavbarProps {
  readonly mobileSidebarOpen: boolean;
  readonly onToggleMobileSidebar: () => void;
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
      {logo && <NavbarLogoImage logo={logo} title={title} />}
      {title && <b className="navbar__title">{title}</b>}
    </a>
  );
}

function NavbarLogoImage({ logo, title }: { logo: NavbarLogo; title: string | undefined }) {
  const { site } = useThemeContext();
  const alt = navbarLogoAlt(logo, title, site.title);
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

/** One navbar item in the desktop bar. */
export function NavbarItemView({ item }: { item: NavbarItem }) {
  if (item.type === 'search') return <SearchButton />;
  if (item.type === 'html')
    return <div className="navbar__item navbar__item--html" dangerouslySetInnerHTML={{ __html: item.value ?? '' }} />;
  if (DROPDOWN_TYPES.has(item.type)) return <NavbarDropdown item={item} />;
  return <NavbarLink item={item} className="navbar__item navbar__link" />;
}

/** One navbar item in the mobile drawer's main menu (dropdowns become collapsible lists). */
export function NavbarMobileItemView({ item }: { item: NavbarItem }) {
  if (item.type === 'search') return null;
  if (item.type === 'html')
    return <li className="menu__list-item" dangerouslySetInnerHTML={{ __html: item.value ?? '' }} />;
  if (DROPDOWN_TYPES.has(item.type)) return <NavbarMobileDropdown item={item} />;
  return (
    <li className="menu__list-item">
      <NavbarLink item={item} className="menu__link" />
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
