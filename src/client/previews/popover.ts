/**
 * The hover preview popover (a lazy chunk): the target note's title and opening section, from its page data (the
 * per-route JSON navigation uses, through its loader and cache), scrolled to the heading the link names. One popover
 * element, reused; it stays while the pointer is over the link or over it.
 */
import type { Route } from '../../shared/paths.js';
import type { PageModel } from '../../shared/types.js';
import { extractPreviewContent } from './content.js';

const POPOVER_ID = 'wiki-link-preview';
/** Time for the pointer to travel from the link into the popover before it hides. */
const HIDE_DELAY_MS = 200;
const GAP_PX = 8;

export function createPreviewer(loadPageData: (route: Route) => Promise<PageModel>) {
  const popover = createPopoverElement();
  let current: HTMLAnchorElement | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let request = 0;
  const hide = () => {
    clearTimeout(hideTimer);
    request++;
    popover.hidden = true;
    current?.removeAttribute('aria-describedby');
    current = undefined;
  };
  const hideSoon = () => {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, HIDE_DELAY_MS);
  };
  popover.addEventListener('pointerenter', () => clearTimeout(hideTimer));
  popover.addEventListener('pointerleave', hideSoon);
  return {
    /** Shows the preview of `route` under `anchor` once its data is in (nothing when it cannot be loaded). */
    async show(anchor: HTMLAnchorElement, route: Route): Promise<void> {
      clearTimeout(hideTimer);
      if (current === anchor && !popover.hidden) return;
      const id = ++request;
      const page = await loadPageData(route);
      if (id !== request || !anchor.isConnected) return; // another link, or the pointer left, in the meantime
      fillPopover(popover, page, decodeHash(new URL(anchor.href).hash));
      current?.removeAttribute('aria-describedby');
      current = anchor;
      anchor.setAttribute('aria-describedby', POPOVER_ID);
      popover.hidden = false;
      placePopover(popover, anchor);
      scrollToHeading(popover, decodeHash(new URL(anchor.href).hash));
    },
    hide,
    hideSoon,
  };
}

function createPopoverElement(): HTMLElement {
  const popover = document.createElement('div');
  popover.id = POPOVER_ID;
  popover.className = 'link-preview';
  popover.setAttribute('role', 'tooltip');
  popover.hidden = true;
  document.body.append(popover);
  return popover;
}

function fillPopover(popover: HTMLElement, page: PageModel, hash: string): void {
  const title = document.createElement('p');
  title.className = 'link-preview__title';
  title.id = `${POPOVER_ID}-title`;
  title.textContent = page.title;
  const body = document.createElement('div');
  body.className = 'link-preview__body markdown';
  body.tabIndex = -1;
  if (page.kind === 'doc') body.append(extractPreviewContent(page.contentHtml, hash) ?? page.description);
  popover.setAttribute('aria-labelledby', title.id);
  popover.replaceChildren(title, body);
}

/** Below the link, or above it when there is no room below; kept inside the viewport's width. */
function placePopover(popover: HTMLElement, anchor: HTMLAnchorElement): void {
  const link = anchor.getBoundingClientRect();
  const box = popover.getBoundingClientRect();
  const below = link.bottom + GAP_PX + box.height <= window.innerHeight || link.top < box.height + GAP_PX;
  const top = below ? link.bottom + GAP_PX : link.top - GAP_PX - box.height;
  const left = Math.max(GAP_PX, Math.min(link.left, document.documentElement.clientWidth - box.width - GAP_PX));
  popover.style.top = `${top + window.scrollY}px`;
  popover.style.left = `${left + window.scrollX}px`;
}

function scrollToHeading(popover: HTMLElement, hash: string): void {
  const body = popover.querySelector<HTMLElement>('.link-preview__body');
  const heading = hash && body?.querySelector<HTMLElement>(`[data-preview-id="${CSS.escape(hash)}"]`);
  if (body) body.scrollTop = heading ? heading.offsetTop - body.offsetTop : 0;
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
