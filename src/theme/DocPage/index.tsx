/** A note: sidebar column, breadcrumbs, title, content, edit link, previous/next, table of contents. */
import { createContext, useContext } from 'react';
import type { DocPageModel, SidebarItem } from '../../shared/types.js';
import { Breadcrumbs } from '@theme/Breadcrumbs';
import { Backlinks } from '../Backlinks/index.js';
import { LocalGraph } from '../Graph/index.js';
import { DocCardList } from '../DocCardList/index.js';
import { Pagination } from '@theme/Pagination';
import { Sidebar } from '@theme/Sidebar';
import { TableOfContents } from '@theme/TableOfContents';
import { IconEdit } from '../Icons/index.js';
import { TableOfContentsMobile } from '../TableOfContents/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { Translate } from '../Translate/index.js';
import { clsx, routeHref } from '../utils/index.js';

export interface DocPageProps {
  readonly page: DocPageModel;
  readonly sidebar: readonly SidebarItem[];
}

/**
 * Build side only: a placeholder the renderer puts where the sidebar goes, then replaces with sidebar HTML it
 * rendered once for every page of the same branch (the sidebar was most of the render time). Unset in the browser.
 */
export const ServerSidebarSlotContext = createContext<string | null>(null);

export function DocPage({ page, sidebar }: DocPageProps) {
  const { hooks } = useThemeContext();
  const sidebarSlot = useContext(ServerSidebarSlotContext);
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  const showTitle = !page.contentHasTitle && !page.hideTitle;
  const hasSidebar = sidebar.length > 0;
  return (
    <div className={clsx('doc-page', hasSidebar && 'doc-page--with-sidebar')}>
      {hasSidebar && (
        <aside className="doc-sidebar">
          <div className="doc-sidebar__inner" data-sidebar-scroll="">
            {sidebarSlot ?? (
              <Sidebar
                items={sidebar}
                activeRoute={page.route}
                onLoadItems={hooks.loadSidebarItems}
                scrollActiveIntoView
              />
            )}
          </div>
        </aside>
      )}
      <main className="doc-main" id="__main">
        <div className={clsx('doc-main__row', showToc && 'doc-main__row--with-toc')}>
          <div className="doc-main__content">
            <article className="doc-article">
              <Breadcrumbs items={page.breadcrumbs} current={{ label: page.title, route: page.route }} />
              {showToc && <TableOfContentsMobile toc={page.toc} />}
              {showTitle && (
                <header className="doc-header">
                  <h1>{page.title}</h1>
                </header>
              )}
              <div className="markdown doc-markdown" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
              {page.cards && <DocCardList items={page.cards} />}
              {page.backlinks && page.backlinks.length > 0 && <Backlinks items={page.backlinks} />}
              {!page.cards && <LocalGraph />}
              <DocFooter page={page} />
            </article>
            <Pagination previous={page.previous} next={page.next} />
          </div>
          {showToc && (
            <div className="doc-main__toc">
              <TableOfContents toc={page.toc} />
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

/** Under the content: the note's tags, its edit link and when (and by whom) it was last updated. */
function DocFooter({ page }: { page: DocPageModel }) {
  const { site } = useThemeContext();
  const { tags, editUrl, lastUpdate } = page;
  if (!tags?.length && !editUrl && !lastUpdate) return null;
  return (
    <footer className="doc-footer">
      {tags && tags.length > 0 && (
        <div className="doc-footer__tags">
          <b>
            <Translate id="theme.tags.tagsListLabel" description="The label before the tags of a note">
              Tags:
            </Translate>
          </b>
          <ul className="tags">
            {tags.map((tag) => (
              <li key={tag.href} className="tags__item">
                <a className="tag" href={routeHref(site.baseUrl, tag.href)}>
                  {tag.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {(editUrl || lastUpdate) && (
        <div className="doc-footer__meta">
          {editUrl && (
            <a className="edit-this-page" href={editUrl} target="_blank" rel="noopener noreferrer">
              <IconEdit />
              <Translate id="theme.common.editThisPage" description="The link to edit the current note">
                Edit this page
              </Translate>
            </a>
          )}
          {lastUpdate && (
            <span className="theme-last-updated">
              Last updated
              {lastUpdate.dateText !== undefined && (
                <>
                  {' on '}
                  <b>
                    <time dateTime={lastUpdate.date}>{lastUpdate.dateText}</time>
                  </b>
                </>
              )}
              {lastUpdate.author !== undefined && (
                <>
                  {' by '}
                  <b>{lastUpdate.author}</b>
                </>
              )}
            </span>
          )}
        </div>
      )}
    </footer>
  );
}
