/** Breadcrumbs above a note: home icon, the sections above it, then the note itself (not a link). */
import type { Breadcrumb } from '../../shared/types.js';
import { IconHome } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';
import { routeHref, withBaseUrl } from '../utils/index.js';

export interface BreadcrumbsProps {
  readonly items: readonly Breadcrumb[];
  /** The current page, appended when `items` does not already end with it. */
  readonly current: { readonly label: string; readonly route: string };
}

/** The crumbs to show: the model's list, ending with the current page exactly once. */
export function resolveBreadcrumbs(items: readonly Breadcrumb[], current: BreadcrumbsProps['current']): Breadcrumb[] {
  const last = items[items.length - 1];
  const endsWithCurrent =
    last !== undefined && (last.href === current.route || (last.href === undefined && last.label === current.label));
  return endsWithCurrent ? [...items] : [...items, { label: current.label }];
}

export function Breadcrumbs({ items, current }: BreadcrumbsProps) {
  const { site } = useThemeContext();
  const t = useTranslate();
  // A note no sidebar lists has no trail (Docusaurus shows none either).
  if (items.length === 0) return null;
  const crumbs = resolveBreadcrumbs(items, current);
  return (
    <nav className="breadcrumbs" aria-label={t({ id: 'theme.docs.breadcrumbs.navAriaLabel', message: 'Breadcrumbs' })}>
      <ol className="breadcrumbs__list">
        <li className="breadcrumbs__item breadcrumbs__item--home">
          <a
            className="breadcrumbs__link"
            href={withBaseUrl(site.baseUrl, '/')}
            aria-label={t({ id: 'theme.docs.breadcrumbs.home', message: 'Home page' })}
          >
            <IconHome className="breadcrumbs__home-icon" />
          </a>
        </li>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li
              key={`${index}:${crumb.label}`}
              className={isLast ? 'breadcrumbs__item breadcrumbs__item--active' : 'breadcrumbs__item'}
            >
              {isLast || crumb.href === undefined ? (
                <span className="breadcrumbs__link" aria-current={isLast ? 'page' : undefined}>
                  {crumb.label}
                </span>
              ) : (
                <a className="breadcrumbs__link" href={routeHref(site.baseUrl, crumb.href)}>
                  {crumb.label}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
