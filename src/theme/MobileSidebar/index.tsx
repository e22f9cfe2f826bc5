/** The mobile drawer (≤ 996 px): the docs sidebar, with the navbar items one panel away. */
import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { DRAWER_HISTORY_KEY } from '../../shared/runtime.js';
import type { SidebarItem } from '../../shared/types.js';
import { ColorModeToggle } from '@theme/ColorModeToggle';
import { Sidebar } from '@theme/Sidebar';
import { IconChevronLeft, IconChevronRight, IconClose } from '../Icons/index.js';
import { NavbarBrand, NavbarMobileItemView } from '../Navbar/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';

export interface MobileSidebarProps {
  /** The docs sidebar; empty on pages without one (then the drawer shows the navbar items only). */
  readonly sidebar: readonly SidebarItem[];
  readonly onClose: () => void;
}

/** The body class that blocks page scroll while the drawer is open. */
export const SCROLL_LOCK_CLASS = 'mobile-sidebar-open';

/**
 * Locks page scroll and closes on Escape, browser back, or the layout becoming desktop. The open drawer has a history
 * entry of its own (same URL), so browser back closes it and stays on the page; `leavingRef` is set when a followed
 * link will replace that entry, so closing does not step back.
 */
function useDrawerBehaviour(onClose: () => void, leavingRef: RefObject<boolean>): void {
  useEffect(() => {
    document.body.classList.add(SCROLL_LOCK_CLASS);
    window.history.pushState({ ...(window.history.state as object | null), [DRAWER_HISTORY_KEY]: true }, '');
    let popped = false;
    const onPopState = () => {
      popped = true;
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const desktop = window.matchMedia('(min-width: 997px)');
    const onMedia = () => {
      if (desktop.matches) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('popstate', onPopState);
    desktop.addEventListener('change', onMedia);
    return () => {
      document.body.classList.remove(SCROLL_LOCK_CLASS);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('popstate', onPopState);
      desktop.removeEventListener('change', onMedia);
      const state = window.history.state as Record<string, unknown> | null;
      // The flag as it is when the drawer closes, on purpose (a followed link sets it just before).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (!popped && !leavingRef.current && state?.[DRAWER_HISTORY_KEY]) window.history.back();
    };
  }, [onClose, leavingRef]);
}

export function MobileSidebar({ sidebar, onClose }: MobileSidebarProps) {
  const { site, route, hooks } = useThemeContext();
  const t = useTranslate();
  const [showMainMenu, setShowMainMenu] = useState(sidebar.length === 0);
  const closeRef = useRef<HTMLButtonElement>(null);
  const leavingRef = useRef(false);
  useDrawerBehaviour(onClose, leavingRef);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  // Following a link closes the drawer; the page behind changes (client navigation) or reloads.
  const onContentClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    leavingRef.current = !link.target || link.target === '_self';
    onClose();
  };
  const menuItems = site.navbar.items.filter((item) => item.type !== 'search');
  return (
    <div
      className="mobile-sidebar"
      id="mobile-sidebar"
      role="dialog"
      aria-modal="true"
      aria-label={t({ id: 'theme.navbar.mobileSidebar.ariaLabel', message: 'Navigation menu' })}
    >
      <div className="mobile-sidebar__backdrop" onClick={onClose} />
      <div className="mobile-sidebar__panel">
        <div className="mobile-sidebar__header">
          <NavbarBrand />
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button
            ref={closeRef}
            type="button"
            className="mobile-sidebar__close"
            aria-label={t({ id: 'theme.docs.sidebar.closeSidebarButtonAriaLabel', message: 'Close navigation bar' })}
            onClick={onClose}
          >
            <IconClose />
          </button>
        </div>
        {/* The scroll box the sidebar reveals the current note's item in when it opens (data-sidebar-scroll). */}
        <div className="mobile-sidebar__content" data-sidebar-scroll="" onClick={onContentClick}>
          {showMainMenu ? (
            <>
              {sidebar.length > 0 && (
                <button type="button" className="mobile-sidebar__switch" onClick={() => setShowMainMenu(false)}>
                  {t({ id: 'theme.navbar.mobileSidebarSecondaryMenu.docsMenuLabel', message: 'Docs menu' })}
                  <IconChevronRight className="mobile-sidebar__switch-icon" />
                </button>
              )}
              <ul className="menu__list mobile-sidebar__main-menu">
                {menuItems.map((item, index) => (
                  <NavbarMobileItemView key={`${index}:${item.label ?? item.type}`} item={item} />
                ))}
              </ul>
            </>
          ) : (
            <>
              {menuItems.length > 0 && (
                <button type="button" className="mobile-sidebar__switch" onClick={() => setShowMainMenu(true)}>
                  <IconChevronLeft className="mobile-sidebar__switch-icon" />
                  {t({ id: 'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel', message: 'Back to main menu' })}
                </button>
              )}
              <Sidebar
                items={sidebar}
                activeRoute={route}
                onLoadItems={hooks.loadSidebarItems}
                className="mobile-sidebar__menu"
                scrollActiveIntoView
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
