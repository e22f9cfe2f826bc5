/**
 * Google Analytics through gtag (SPEC §1, §7), a lazy chunk loaded only when a tracking id is configured: the tag
 * script from its third-party host, IP anonymisation, and a page_view (title, location, path) on every location change.
 */
import type { RuntimeSettings } from '../shared/runtime.js';
import type { LOCATION_EVENT as NAVIGATION_LOCATION_EVENT } from './navigation.js';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The event the navigation chunk dispatches after each in-place change of location: typed as navigation.ts's constant,
 * so the two cannot differ (importing the value would put it in a chunk both load).
 */
const LOCATION_EVENT: typeof NAVIGATION_LOCATION_EVENT = 'wiki:location';

export function installAnalytics(settings: NonNullable<RuntimeSettings['analytics']>): void {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  const gtag: (...args: unknown[]) => void = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag = gtag;
  gtag('js', new Date());
  // Page views are sent explicitly, so the first one and in-page navigations are counted the same way.
  gtag('config', settings.trackingID, { send_page_view: false, ...(settings.anonymizeIP && { anonymize_ip: true }) });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(settings.trackingID)}`;
  document.head.append(script);
  let sentHref = '';
  const sendPageView = () => {
    const { href, pathname, search, hash } = window.location;
    if (href === sentHref) return; // one view per address, however many events report it
    sentHref = href;
    gtag('event', 'page_view', {
      page_title: document.title,
      page_location: href,
      page_path: pathname + search + hash,
    });
  };
  sendPageView();
  window.addEventListener(LOCATION_EVENT, sendPageView);
  window.addEventListener('hashchange', sendPageView);
}
