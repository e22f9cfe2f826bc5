/**
 * Cards linking to notes and categories (Docusaurus's DocCardList): a generated-index page's children, and what the
 * MDX `<DocCardList />` lists. A category card says how many items it holds when it has no description.
 */
import type { DocCardItem } from '../../shared/types.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { isExternalUrl, routeHref } from '../utils/index.js';

export interface DocCardListProps {
  readonly items: readonly DocCardItem[];
}

// The icons Docusaurus's DocCard shows: a folder of cards, a page, a link leaving the site.
function cardIcon(item: DocCardItem): string {
  if (item.kind === 'category') return '🗃️';
  return isExternalUrl(item.href) ? '🔗' : '📄️';
}

function cardDescription(item: DocCardItem): string | undefined {
  if (item.description) return item.description;
  if (item.kind === 'category' && item.count !== undefined) return `${item.count} item${item.count === 1 ? '' : 's'}`;
  return undefined;
}

export function DocCardList({ items }: DocCardListProps) {
  const { site } = useThemeContext();
  if (items.length === 0) return null;
  return (
    <section className="doc-card-list">
      {items.map((item, index) => {
        const description = cardDescription(item);
        return (
          <article key={`${index}:${item.href}`} className="doc-card-list__item">
            <a className="card doc-card" href={routeHref(site.baseUrl, item.href)}>
              <h2 className="doc-card__title" title={item.title}>
                <span className="doc-card__icon" aria-hidden="true">
                  {cardIcon(item)}
                </span>{' '}
                {item.title}
              </h2>
              {description && (
                <p className="doc-card__description" title={description}>
                  {description}
                </p>
              )}
            </a>
          </article>
        );
      })}
    </section>
  );
}
