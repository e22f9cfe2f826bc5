/**
 * The "Show all N notes" entry closing a wide list's window. The server renders a link to the list's listing pages,
 * which works without JavaScript; once the page runs, it is a button that loads every item in place.
 */
import { useEffect, useState } from 'react';
import type { SidebarCategory, SidebarItem, SidebarMore } from '../../shared/types.js';
import { Loader } from '@theme/Loader';
import { useTranslate } from '../Translate/index.js';
import { clsx } from '../utils/index.js';

export interface MoreItemsProps {
  readonly more: SidebarMore;
  /** The items shown before it. */
  readonly items: readonly SidebarItem[];
  readonly level: number;
  /** The label of the category whose list this is ('' for the top level). */
  readonly label: string;
  readonly onLoadItems?: ((category: SidebarCategory) => Promise<void> | void) | undefined;
}

export function MoreItems({ more, items, level, label, onLoadItems }: MoreItemsProps) {
  const t = useTranslate();
  // The first render matches the server's HTML (a link); after hydration, the runtime is there to load the list.
  const [hydrated, setHydrated] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => setHydrated(true), []);
  const text = t(
    {
      id: 'theme.DocSidebarItem.showAll',
      message: 'Show all {count} notes',
      description: 'The last entry of a long sidebar list that shows part of it',
    },
    { count: more.total.toLocaleString('en-US') },
  );
  const load = () => {
    if (!onLoadItems || loading) return;
    setLoading(true);
    setError(undefined);
    // The list is asked for as a category whose items end with this entry (the top level has no category of its own).
    const list: SidebarCategory = {
      type: 'category',
      label,
      collapsible: false,
      collapsed: false,
      items: [...items, more],
    };
    Promise.resolve(onLoadItems(list)).then(
      () => setLoading(false),
      (reason: unknown) => {
        setLoading(false);
        const message = reason instanceof Error ? reason.message : String(reason);
        setError(
          t(
            { id: 'theme.DocSidebarItem.loadError', message: "Could not load the items of '{label}': {message}" },
            { label, message },
          ),
        );
      },
    );
  };
  const className = clsx('menu__list-item', `menu__list-item--level-${level}`, 'menu__list-item--more');
  return (
    <li className={className}>
      {hydrated && onLoadItems ? (
        <button
          type="button"
          className="menu__link menu__link--more"
          aria-busy={loading || undefined}
          disabled={loading}
          onClick={load}
        >
          {text}
        </button>
      ) : (
        <a className="menu__link menu__link--more" href={more.listing}>
          {text}
        </a>
      )}
      {error !== undefined && <Loader error={error} onRetry={load} delayMs={0} />}
    </li>
  );
}
