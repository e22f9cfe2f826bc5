/** Previous/next cards at the bottom of a note. */
import type { NavLink } from '../../shared/types.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { useTranslate } from '../Translate/index.js';
import { routeHref } from '../utils/index.js';

export interface PaginationProps {
  readonly previous?: NavLink | undefined;
  readonly next?: NavLink | undefined;
}

function PaginationCard({ link, direction }: { link: NavLink; direction: 'prev' | 'next' }) {
  const { site } = useThemeContext();
  const t = useTranslate();
  return (
    <a
      className={`pagination-nav__link pagination-nav__link--${direction}`}
      href={routeHref(site.baseUrl, link.href)}
      rel={direction}
    >
      <div className="pagination-nav__sublabel">
        {direction === 'prev'
          ? t({ id: 'theme.docs.paginator.previous', message: 'Previous' })
          : t({ id: 'theme.docs.paginator.next', message: 'Next' })}
      </div>
      <div className="pagination-nav__label">{link.title}</div>
    </a>
  );
}

export function Pagination({ previous, next }: PaginationProps) {
  const t = useTranslate();
  if (!previous && !next) return null;
  return (
    <nav
      className="pagination-nav"
      aria-label={t({
        id: 'theme.docs.paginator.navAriaLabel',
        message: 'Docs pages',
        description: 'The label of the previous/next navigation',
      })}
    >
      {previous && <PaginationCard link={previous} direction="prev" />}
      {next && <PaginationCard link={next} direction="next" />}
    </nav>
  );
}
