/** The items of an opened category that the page's HTML left out: asks for them, with the loader and, on failure, Retry. */
import { useEffect, useState } from 'react';
import type { SidebarCategory } from '../../shared/types.js';
import { Loader } from '@theme/Loader';
import { useTranslate } from '../Translate/index.js';

export interface UnloadedItemsProps {
  readonly category: SidebarCategory;
  readonly onLoadItems?: ((category: SidebarCategory) => Promise<void> | void) | undefined;
}

export function UnloadedItems({ category, onLoadItems }: UnloadedItemsProps) {
  const t = useTranslate();
  const [error, setError] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(undefined);
    Promise.resolve(onLoadItems?.(category)).catch((reason: unknown) => {
      const message = reason instanceof Error ? reason.message : String(reason);
      if (live)
        setError(
          t(
            { id: 'theme.DocSidebarItem.loadError', message: "Could not load the items of '{label}': {message}" },
            { label: category.label, message },
          ),
        );
    });
    return () => {
      live = false;
    };
    // One load per attempt: `category` is replaced by its loaded version when the items arrive, which unmounts this
    // component, and a new `onLoadItems` or `t` must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  return (
    <ul className="menu__list">
      <li className="menu__list-item menu__list-item--loading" aria-live="polite">
        <Loader error={error} onRetry={() => setAttempt((n) => n + 1)} />
      </li>
    </ul>
  );
}
