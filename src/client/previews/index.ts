/**
 * Hover previews, the always-loaded part: watches for intent on links to other pages inside a note (the pointer
 * resting ~300 ms on one, or keyboard focus) and only then loads the popover code (previews/popover.ts), which fetches
 * the target's page data. Never on touch: a pointer that is not a mouse, or focus that follows a touch, is ignored.
 */
import type { Route } from '../../shared/paths.js';
import type { PageModel } from '../../shared/types.js';
import type { RuntimeContext } from '../context.js';
import { routeOfLink } from '../links.js';

/** Links inside a note's content and its backlinks. */
const PREVIEWABLE = '.doc-markdown a[href], .backlinks a[href]';
/** How long the pointer rests on a link before its preview is shown: passing over one shows nothing. */
const INTENT_MS = 300;
/** A focus this soon after a touch came from the touch, not the keyboard. */
const TOUCH_FOCUS_MS = 1000;

type Previewer = ReturnType<typeof import('./popover.js').createPreviewer>;

/**
 * `loadPageData` is the navigation chunk's loader (through the router), so previews and navigation share one cache
 * and one chunk: the popover chunk importing it would split it into a chunk of its own.
 */
export function installPreviews(ctx: RuntimeContext, loadPageData: (route: Route) => Promise<PageModel>): void {
  if (!window.matchMedia('(hover: hover)').matches) return; // a touch-only device: no previews at all
  let previewer: Promise<Previewer> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastTouch = -Infinity;
  const load = () =>
    (previewer ??= import('./popover.js').then(({ createPreviewer }) => createPreviewer(loadPageData))).catch(
      (error: unknown) => {
        previewer = undefined;
        throw error;
      },
    );
  const linkOf = (target: EventTarget | null): { anchor: HTMLAnchorElement; route: Route } | undefined => {
    const anchor = target instanceof Element ? target.closest<HTMLAnchorElement>(PREVIEWABLE) : null;
    const link = anchor ? routeOfLink(anchor, ctx.settings) : undefined;
    if (!anchor || !link || link.route === ctx.store.get().page.route) return undefined;
    return { anchor, route: link.route };
  };
  const schedule = (target: EventTarget | null) => {
    const link = linkOf(target);
    if (!link) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      load()
        .then((preview) => preview.show(link.anchor, link.route))
        .catch((error: unknown) => console.warn('Could not show the link preview:', error));
    }, INTENT_MS);
  };
  const leave = (target: EventTarget | null) => {
    if (!linkOf(target)) return;
    clearTimeout(timer);
    void previewer?.then((preview) => preview.hideSoon());
  };
  document.addEventListener('touchstart', () => (lastTouch = performance.now()), { passive: true, capture: true });
  document.addEventListener('pointerover', (event) => {
    if (event.pointerType === 'mouse') schedule(event.target);
  });
  document.addEventListener('pointerout', (event) => {
    if (event.pointerType === 'mouse') leave(event.target);
  });
  document.addEventListener('focusin', (event) => {
    if (performance.now() - lastTouch > TOUCH_FOCUS_MS) schedule(event.target);
  });
  document.addEventListener('focusout', (event) => leave(event.target));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    clearTimeout(timer);
    void previewer?.then((preview) => preview.hide());
  });
  ctx.navigation.pageListeners.push(() => {
    clearTimeout(timer);
    void previewer?.then((preview) => preview.hide());
  });
}
