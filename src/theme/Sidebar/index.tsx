/** The docs sidebar: a tree of links and collapsible categories, with the current page's branch open. */
import { useEffect, useRef, useState } from 'react';
import type { SidebarCategory, SidebarHtml, SidebarItem, SidebarLink, SidebarMore } from '../../shared/types.js';
import { IconExternalLink } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';
import { MoreItems } from './MoreItems.js';
import { UnloadedItems } from './UnloadedItems.js';
import { categoryContainsRoute, clsx, isExternalUrl, isSameRoute, routeHref, sidebarItemKey } from '../utils/index.js';

export interface SidebarProps {
  readonly items: readonly SidebarItem[];
  /** The route of the page being shown. */
  readonly activeRoute: string;
  /** Called when a category whose items were left out of the HTML (`unloaded`) is opened; a rejection shows Retry. */
  readonly onLoadItems?: ((category: SidebarCategory) => Promise<void> | void) | undefined;
  readonly className?: string;
  /** Scroll the active link into view inside the sidebar on mount (desktop column). */
  readonly scrollActiveIntoView?: boolean;
}

interface ItemProps {
  readonly item: SidebarItem;
  readonly activeRoute: string;
  readonly level: number;
  readonly onLoadItems?: ((category: SidebarCategory) => Promise<void> | void) | undefined;
}

export function Sidebar({ items, activeRoute, onLoadItems, className, scrollActiveIntoView = false }: SidebarProps) {
  const ref = useRef<HTMLElement>(null);
  const t = useTranslate();
  useEffect(() => {
    if (scrollActiveIntoView) revealActiveLink(ref.current);
  }, [scrollActiveIntoView]);
  return (
    <nav
      ref={ref}
      className={clsx('sidebar menu', className)}
      aria-label={t({ id: 'theme.docs.sidebar.navAriaLabel', message: 'Docs sidebar' })}
    >
      <SidebarList items={items} activeRoute={activeRoute} level={1} onLoadItems={onLoadItems} />
    </nav>
  );
}

/** Scrolls the sidebar's own scroll box (never the window) so the active link is visible. */
function revealActiveLink(nav: HTMLElement | null): void {
  const box = nav?.closest<HTMLElement>('[data-sidebar-scroll]');
  const active = nav?.querySelector<HTMLElement>('.menu__link--active');
  if (!box || !active) return;
  const boxRect = box.getBoundingClientRect();
  const linkRect = active.getBoundingClientRect();
  if (linkRect.top < boxRect.top || linkRect.bottom > boxRect.bottom) {
    box.scrollTop += linkRect.top - boxRect.top - box.clientHeight / 3;
  }
}

function SidebarList({
  items,
  activeRoute,
  level,
  onLoadItems,
  label = '',
}: Omit<ItemProps, 'item'> & { items: readonly SidebarItem[]; label?: string }) {
  const last = items.at(-1);
  if (last?.type === 'more')
    return (
      <WindowedList
        items={items.slice(0, -1)}
        more={last}
        activeRoute={activeRoute}
        level={level}
        onLoadItems={onLoadItems}
        label={label}
      />
    );
  return (
    <ul className="menu__list">
      {items.map((item, index) => renderItem(item, index, { activeRoute, level, onLoadItems }))}
    </ul>
  );
}

function renderItem(item: SidebarItem, index: number, props: Omit<ItemProps, 'item'>) {
  if (item.type === 'link')
    return (
      <SidebarLinkItem
        key={sidebarItemKey(item, index)}
        item={item}
        activeRoute={props.activeRoute}
        level={props.level}
      />
    );
  if (item.type === 'more') return null; // only ever last, where SidebarList shows it
  if (item.type === 'html')
    return <SidebarHtmlItem key={sidebarItemKey(item, index)} item={item} level={props.level} />;
  return (
    <SidebarCategoryItem
      key={sidebarItemKey(item, index)}
      item={item}
      activeRoute={props.activeRoute}
      level={props.level}
      onLoadItems={props.onLoadItems}
    />
  );
}

/**
 * A wide list's window (see SIDEBAR_WIDE_LIST): its items, a gap mark where items were left out, and "Show all",
 * which loads the whole list (a link to its listing pages without JavaScript).
 */
function WindowedList({
  items,
  more,
  activeRoute,
  level,
  onLoadItems,
  label,
}: Omit<ItemProps, 'item'> & { items: readonly SidebarItem[]; more: SidebarMore; label: string }) {
  // Keyed by index in the whole list, so an item keeps its state when the window moves or the list is loaded whole.
  let position = 0;
  const entries = more.shown.flatMap(([start, end], range) => {
    const shown = items
      .slice(position, position + end - start)
      .map((item, i) => renderItem(item, start + i, { activeRoute, level, onLoadItems }));
    position += end - start;
    const gap = range > 0 && start > (more.shown[range - 1]?.[1] ?? 0);
    return gap
      ? [
          <li key={`gap:${start}`} className="menu__list-item menu__list-item--gap" aria-hidden="true">
            ⋯
          </li>,
          ...shown,
        ]
      : shown;
  });
  return (
    <ul className="menu__list">
      {entries}
      <MoreItems more={more} items={items} level={level} label={label} onLoadItems={onLoadItems} />
    </ul>
  );
}

function SidebarLinkItem({ item, activeRoute, level }: { item: SidebarLink; activeRoute: string; level: number }) {
  const { site } = useThemeContext();
  const active = isSameRoute(item.href, activeRoute);
  // A sidebars file's link to another site opens in a new tab, marked with an icon, as Docusaurus shows it.
  const external = item.docId === undefined && isExternalUrl(item.href);
  return (
    <li className={clsx('menu__list-item', `menu__list-item--level-${level}`, item.className)}>
      <a
        className={clsx('menu__link', active && 'menu__link--active', external && 'menu__link--external')}
        href={routeHref(site.baseUrl, item.href)}
        aria-current={active ? 'page' : undefined}
        {...(external && { target: '_blank', rel: 'noopener noreferrer' })}
      >
        {item.label}
        {external && <IconExternalLink className="menu__external-icon" aria-hidden="true" />}
      </a>
    </li>
  );
}

/** A sidebars file's `html` item: its markup as written (the site's own). */
function SidebarHtmlItem({ item, level }: { item: SidebarHtml; level: number }) {
  return (
    <li
      className={clsx(
        `menu__list-item--level-${level}`,
        item.defaultStyle && 'menu__list-item menu__list-item--html',
        item.className,
      )}
      dangerouslySetInnerHTML={{ __html: item.value }}
    />
  );
}

function initiallyExpanded(item: SidebarCategory, containsActive: boolean): boolean {
  if (!item.collapsible || containsActive) return true;
  return !item.collapsed && !item.unloaded;
}

function SidebarCategoryItem({ item, activeRoute, level, onLoadItems }: ItemProps & { item: SidebarCategory }) {
  const { site } = useThemeContext();
  const t = useTranslate();
  const containsActive = categoryContainsRoute(item, activeRoute);
  const [expanded, setExpanded] = useState(() => initiallyExpanded(item, containsActive));
  // Client navigation into this category opens it (other categories keep the reader's choice).
  useEffect(() => {
    if (containsActive) setExpanded(true);
  }, [containsActive]);

  const open = expanded || !item.collapsible;
  const setOpen = (next: boolean) => setExpanded(next);
  const selfActive = isSameRoute(item.href, activeRoute);
  const labelClass = clsx('menu__link menu__link--sublist', selfActive && 'menu__link--active');
  const toggleLabel = open
    ? t(
        { id: 'theme.DocSidebarItem.collapseCategoryAriaLabel', message: "Collapse sidebar category '{label}'" },
        { label: item.label },
      )
    : t(
        { id: 'theme.DocSidebarItem.expandCategoryAriaLabel', message: "Expand sidebar category '{label}'" },
        { label: item.label },
      );

  return (
    <li
      className={clsx(
        'menu__list-item menu__list-item--category',
        `menu__list-item--level-${level}`,
        !open && 'menu__list-item--collapsed',
        item.className,
      )}
    >
      <div className={clsx('menu__list-item-collapsible', containsActive && 'menu__list-item-collapsible--active')}>
        {item.href !== undefined ? (
          <a
            className={labelClass}
            href={routeHref(site.baseUrl, item.href)}
            aria-current={selfActive ? 'page' : undefined}
            onClick={() => {
              if (!open) setOpen(true);
            }}
          >
            {item.label}
          </a>
        ) : item.collapsible ? (
          <button
            type="button"
            className={clsx(labelClass, 'menu__link--sublist-caret')}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {item.label}
          </button>
        ) : (
          <span className={labelClass}>{item.label}</span>
        )}
        {item.href !== undefined && item.collapsible && (
          <button
            type="button"
            className="menu__caret"
            aria-label={toggleLabel}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          />
        )}
      </div>
      {open &&
        (item.items.length > 0 ? (
          <SidebarList
            items={item.items}
            activeRoute={activeRoute}
            level={level + 1}
            onLoadItems={onLoadItems}
            label={item.label}
          />
        ) : item.unloaded ? (
          <UnloadedItems category={item} onLoadItems={onLoadItems} />
        ) : null)}
    </li>
  );
}
