/** The navbar's dropdowns: a menu under its toggle on desktop, a collapsible list in the mobile drawer. */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { NavbarItem } from '../../shared/types.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { clsx } from '../utils/index.js';
import { useCollapseAnimation } from './collapse.js';
import {
  dropdownEntryClick,
  navbarDropdownItems,
  navbarItemLabel,
  NavbarLink,
  type DropdownLocation,
} from './items.js';

/** The entries' inputs from the page on screen. */
function useDropdownLocation(): DropdownLocation {
  const { route, pageKind, site } = useThemeContext();
  return { route, pageKind, localeLabel: site.locale?.label };
}

/** Closes the menu on a mouse press, touch or focus outside `ref` while `open`. */
function useCloseOnOutside(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const events = ['mousedown', 'touchstart', 'focusin'] as const;
    for (const type of events) document.addEventListener(type, onOutside);
    return () => {
      for (const type of events) document.removeEventListener(type, onOutside);
    };
  }, [ref, open, close]);
}

/**
 * A desktop dropdown: opens on hover, focus, click or Enter; Escape closes it and gives the focus back to its toggle.
 * Hover and focus show it through CSS, so Escape also marks it dismissed until the pointer comes back or focus leaves.
 */
export function NavbarDropdown({ item }: { item: NavbarItem }) {
  const location = useDropdownLocation();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnOutside(ref, open, close);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || (!open && dismissed)) return;
    setOpen(false);
    setDismissed(true);
    toggleRef.current?.focus();
  };
  return (
    <div
      ref={ref}
      className={clsx(
        'navbar__item dropdown dropdown--hoverable',
        item.position === 'right' && 'dropdown--right',
        open && 'dropdown--show',
        dismissed && 'dropdown--dismissed',
      )}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setDismissed(false)}
      onMouseLeave={() => setDismissed(false)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setDismissed(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="navbar__link dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={item.ariaLabel}
        onClick={() => {
          setDismissed(open);
          setOpen(!open);
        }}
      >
        {navbarItemLabel(item, location.localeLabel)}
      </button>
      <ul className="dropdown__menu">
        {navbarDropdownItems(item, location).map((child, index) => (
          <li key={`${index}:${child.label ?? ''}`} onClick={dropdownEntryClick(item, index)}>
            <NavbarLink item={child} className="dropdown__link" keepLocation={item.type === 'localeDropdown'} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A dropdown in the mobile drawer: a list that collapses and expands with a height animation (its entries are
 * rendered on first open). Its entries behave as the desktop ones (a version entry saves the preferred version).
 */
export function NavbarMobileDropdown({ item }: { item: NavbarItem }) {
  const location = useDropdownLocation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  useCollapseAnimation(listRef, open);
  return (
    <li className={clsx('menu__list-item menu__list-item--category', !open && 'menu__list-item--collapsed')}>
      <div className="menu__list-item-collapsible">
        <button
          type="button"
          className="menu__link menu__link--sublist menu__link--sublist-caret"
          aria-expanded={open}
          onClick={() => {
            setMounted(true);
            setOpen(!open);
          }}
        >
          {navbarItemLabel(item, location.localeLabel)}
        </button>
      </div>
      {mounted && (
        <ul ref={listRef} className="menu__list navbar-mobile-dropdown__list">
          {navbarDropdownItems(item, location).map((child, index) =>
            child.type === 'html' ? (
              <li
                key={`${index}:html`}
                className="menu__list-item"
                dangerouslySetInnerHTML={{ __html: child.value ?? '' }}
              />
            ) : (
              <li
                key={`${index}:${child.label ?? ''}`}
                className="menu__list-item"
                onClick={dropdownEntryClick(item, index)}
              >
                <NavbarLink item={child} className="menu__link" keepLocation={item.type === 'localeDropdown'} />
              </li>
            ),
          )}
        </ul>
      )}
    </li>
  );
}
