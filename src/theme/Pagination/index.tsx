// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/** Previous/next cards at the bottom of a note. */
import type { NavLink } from '../../shared/types.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { withBaseUrl } from '../utils/index.js';

export interface PaginationProps {
  readonly previous?: NavLink | undefined;
  readonly next?: NavLink | undefined;
}

function PaginationCard({ link, direction }: { link: NavLink; direction: 'prev' | 'next' }) {
  const { site } = useThemeContext();
  return (
    <a
      className={`pagination-nav__link pagination-nav__link--${direction}`}
      href={withBaseUrl(site.baseUrl, link.href)}
      rel={direction}
    >
      <div className="pagination-nav__sublabel">{direction === 'prev' ? 'Previous' : 'Next'}</div>
      <div className="pagination-nav__label">{link.title}</div>
    </a>
  );
}

export function Pagination({ previous, next }: PaginationProps) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous && <PaginationCard link={previous} direction="prev" />}
      {next && <PaginationCard link={next} direction="next" />}
    </nav>
  );
}
