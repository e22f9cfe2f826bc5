/**
 * Live updates for `wiki dev`, injected by the dev server into the HTML it serves (never part of a production
 * build): swaps a note's new content in place, reloads (keeping the scroll position) when more than the content
 * changed, and shows build problems in an overlay.
 */
import { pageDataPath, type Route } from '../../shared/paths.js';
import type { DocPageModel } from '../../shared/types.js';
import { showProblems } from './overlay.js';
import { devEventsPath, type DevMessage } from '../../shared/devProtocol.js';
import { CONTENT_REPLACED_EVENT, DEV_UPDATE_EVENT } from '../islands/events.js';

const scrollKey = 'wiki-dev-scroll';
const script = document.querySelector<HTMLScriptElement>('script[data-wiki-dev-version]');
const baseUrl = readBaseUrl();
/** The build this page shows; a later build the tab missed (while disconnected) means a reload. */
let version = Number(script?.dataset.wikiDevVersion ?? '0');
let session: string | undefined;
let queue = Promise.resolve();

restoreScroll();
const events = new EventSource(devEventsPath);
events.onmessage = (event: MessageEvent<string>) => {
  const message = JSON.parse(event.data) as DevMessage;
  queue = queue
    .then(() => handleMessage(message))
    .catch((error: unknown) => {
      console.warn('[wiki dev] live update failed; reloading', error);
      reloadKeepingScroll();
    });
};

async function handleMessage(message: DevMessage): Promise<void> {
  if (message.type === 'hello') {
    const restarted = session !== undefined && session !== message.session;
    session = message.session;
    document.documentElement.dataset.wikiDevConnected = 'true';
    showProblems(message.problems);
    if (restarted || message.version !== version) reloadKeepingScroll();
    return;
  }
  version = message.version;
  window.dispatchEvent(new Event(DEV_UPDATE_EVENT));
  showProblems(message.problems);
  const route = currentRoute();
  if (message.reload === 'all' || message.reload.includes(route)) return reloadKeepingScroll();
  if (message.content.includes(route)) await swapContent(route);
}

/** Fetches the page's data and replaces the note's HTML; the rest of the page (and its scroll) stays as it is. */
async function swapContent(route: string): Promise<void> {
  const response = await fetch(baseUrl + pageDataPath(route as Route), { cache: 'no-store' });
  if (!response.ok) return reloadKeepingScroll();
  const page = (await response.json()) as DocPageModel;
  // A runtime that renders pages itself can take the new model and cancel the DOM swap below.
  if (!window.dispatchEvent(new CustomEvent('wiki:dev-page', { detail: page, cancelable: true }))) return;
  const content = document.querySelector('#__wiki .markdown');
  if (!content) return reloadKeepingScroll();
  content.innerHTML = page.contentHtml;
  content.dispatchEvent(new Event(CONTENT_REPLACED_EVENT, { bubbles: true })); // the runtime enhances tabs, diagrams
  document.title = page.documentTitle;
  document.documentElement.dataset.wikiDevVersion = String(version);
}

function currentRoute(): string {
  let path = location.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // keep it encoded: it will simply not match a route
  }
  return path.startsWith(baseUrl) ? `/${path.slice(baseUrl.length)}` : path;
}

function readBaseUrl(): string {
  try {
    const boot = JSON.parse(document.querySelector('script#__wiki-boot')?.textContent ?? '{}') as {
      site?: { baseUrl?: string };
    };
    return boot.site?.baseUrl ?? '/';
  } catch {
    return '/';
  }
}

function reloadKeepingScroll(): void {
  sessionStorage.setItem(scrollKey, JSON.stringify({ path: location.pathname, x: scrollX, y: scrollY }));
  location.reload();
}

function restoreScroll(): void {
  const saved = sessionStorage.getItem(scrollKey);
  if (!saved) return;
  sessionStorage.removeItem(scrollKey);
  const { path, x, y } = JSON.parse(saved) as { path: string; x: number; y: number };
  if (path === location.pathname) requestAnimationFrame(() => scrollTo(x, y));
}
