/**
 * The link graph's markup: the "Graph" button and dialog of a note (its neighbourhood), and the global graph page.
 * The browser draws into `[data-graph-view]` (src/client/graph/), whose code and data load only when a graph opens.
 */
import { useThemeContext } from '../ThemeContext/index.js';
import { Translate, useTranslate } from '../Translate/index.js';
import { routeHref } from '../utils/index.js';

// The browser draws into these views: React neither compares nor replaces opaque HTML when it hydrates or renders.
const DRAWN_BY_BROWSER = { __html: '' };

/** A note's "Graph" button and the dialog it opens (closed until then; the browser fills it when opened). */
export function LocalGraph() {
  const { site } = useThemeContext();
  const t = useTranslate();
  if (site.graphRoute === undefined) return null;
  return (
    <div className="graph-local">
      <button type="button" className="graph-local__open" data-graph-open="" aria-haspopup="dialog">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path d="M6 7 18 5M6 7l6 11m6-13-6 13" stroke="currentColor" strokeWidth="1.5" fill="none" />
          <circle cx="6" cy="7" r="2.5" fill="currentColor" />
          <circle cx="18" cy="5" r="2.5" fill="currentColor" />
          <circle cx="12" cy="18" r="2.5" fill="currentColor" />
        </svg>
        <Translate id="theme.graph.open" description="The button that shows the graph of the links around a note">
          Graph
        </Translate>
      </button>
      <dialog className="graph-dialog" aria-labelledby="graph-dialog-title">
        <div className="graph-dialog__header">
          <h2 id="graph-dialog-title">
            <Translate id="theme.graph.localTitle" description="The title of the dialog showing a note's neighbourhood">
              Notes around this one
            </Translate>
          </h2>
          <a className="graph-dialog__all" href={routeHref(site.baseUrl, site.graphRoute)}>
            <Translate
              id="theme.graph.openGlobal"
              description="The link from a note's graph to the graph of every note"
            >
              All notes
            </Translate>
          </a>
          <button
            type="button"
            className="graph-dialog__close"
            data-graph-close=""
            aria-label={t({ id: 'theme.graph.close', message: 'Close the graph' })}
          >
            ×
          </button>
        </div>
        <div
          className="graph-view graph-view--local"
          data-graph-view="local"
          dangerouslySetInnerHTML={DRAWN_BY_BROWSER}
        />
      </dialog>
    </div>
  );
}

/** The global graph page: every note and the links between them. */
export function GraphPage() {
  return (
    <main className="graph-page" id="__main">
      <h1>
        <Translate id="theme.GraphPage.title" description="The title of the page showing the graph of every note">
          Graph of notes
        </Translate>
      </h1>
      <p className="graph-page__hint">
        <Translate id="theme.GraphPage.hint" description="How to use the graph page">
          Scroll or pinch to zoom, drag to move; each dot is a note, and leads to it.
        </Translate>
      </p>
      <noscript>
        <p>
          <Translate id="theme.GraphPage.noScript" description="Shown on the graph page without JavaScript">
            The graph needs JavaScript.
          </Translate>
        </p>
      </noscript>
      <div
        className="graph-view graph-view--global"
        data-graph-view="global"
        dangerouslySetInnerHTML={DRAWN_BY_BROWSER}
      />
    </main>
  );
}
