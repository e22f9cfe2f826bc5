/**
 * The link graph's always-loaded part (a few hundred bytes): opens a note's graph dialog when its "Graph" button is
 * pressed and draws the /graph page. The drawing code (with d3-force) and the graph file load only then.
 */
import type { GraphData } from '../../shared/graph.js';
import { hrefForRoute, type Route } from '../../shared/paths.js';
import type { RuntimeSettings } from '../../shared/runtime.js';

/** `currentRoute` names the note shown now (the page changes in place on navigation). */
export function installGraph(settings: RuntimeSettings, currentRoute: () => Route, pageKind: string): void {
  const url = settings.graphUrl;
  if (url === undefined) return;
  let data: Promise<GraphData> | undefined;
  // Fetched once per page load; a failed fetch is tried again at the next opening.
  const loadData = () =>
    (data ??= fetch(url).then((response) => {
      if (!response.ok) throw new Error(`The graph file answered HTTP ${response.status} (${url}).`);
      return response.json() as Promise<GraphData>;
    })).catch((error: unknown) => {
      data = undefined;
      throw error;
    });
  const draw = (view: HTMLElement, current: Route | undefined) =>
    import('./draw.js')
      .then(({ drawGraph }) =>
        drawGraph(view, { loadData, hrefOf: (route) => hrefForRoute(route, settings.baseUrl), current }),
      )
      .catch((error: unknown) => console.warn('Could not draw the graph:', error));
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const dialog = target?.closest('.graph-local')?.querySelector('dialog');
    if (!dialog) return;
    if (target?.closest('[data-graph-open]')) {
      dialog.showModal();
      const view = dialog.querySelector<HTMLElement>('[data-graph-view]');
      if (view) void draw(view, currentRoute());
    } else if (target?.closest('[data-graph-close]') || target === dialog) {
      dialog.close(); // the close button, or a click on the backdrop (outside the dialog's box)
    }
  });
  const global = pageKind === 'graph' ? document.querySelector<HTMLElement>('[data-graph-view="global"]') : null;
  if (global) void draw(global, undefined);
}
