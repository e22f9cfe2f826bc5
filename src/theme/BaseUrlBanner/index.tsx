/**
 * The wrong-base-URL banner (SPEC §8). An inline script, not a React component: a wrong base URL usually means the
 * bundle itself failed to load. It checks the address while the page is parsed and, once the page has loaded, that the
 * runtime's code ran (the flag main.tsx sets first thing, `window.__wikiLoaded === true`: not `window.__wiki`, which
 * names the `<div id="__wiki">` element until the runtime replaces it, nor anything set after the sidebar's fetch,
 * which may still be on its way at `load`), and puts the banner before #__wiki, outside the hydrated tree. The
 * suggestion is the address minus the page's route, so it works from any page, not only the home page.
 */
import { useTranslate } from '../Translate/index.js';

export interface BaseUrlBannerProps {
  readonly baseUrl: string;
  readonly route: string;
}

// m: message, b: configured base URL, r: route, p: decoded address, s: suggested base URL. Kept short: it is in every bundle.
const SCRIPT = `var p=location.pathname,n=r.length-1,f=function(){var s=n<1?p:p.slice(-n)==r.slice(1)?p.slice(0,-n):'/',d=document.createElement('div');
d.id='__wiki-base-url-banner';d.setAttribute('role','alert');d.style.cssText='padding:12px;background:#fa383e;color:#fff;text-align:center;white-space:pre-line';
d.textContent=m.replace('{suggested}',s.replace(/\\/?$/,'/'));document.body.prepend(d)};
try{p=decodeURI(p)}catch(e){}p.indexOf(b)&&p+'/'!=b?f():addEventListener('load',function(){window.__wikiLoaded===true||f()})`;

const json = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

export function BaseUrlBanner({ baseUrl, route }: BaseUrlBannerProps) {
  const t = useTranslate();
  const message = t(
    {
      id: 'theme.baseUrlBanner.message',
      message:
        'Your Docusaurus site did not load properly.\nA very common reason is a wrong site baseUrl configuration.\nCurrent configured baseUrl = {configured}\nWe suggest trying baseUrl = {suggested}',
      description:
        'The banner shown when the site is served at another base URL ({suggested} is filled in by the browser)',
    },
    { configured: baseUrl === '/' ? `${baseUrl} (default value)` : baseUrl },
  );
  return (
    <script
      dangerouslySetInnerHTML={{
        __html: `(function(m,b,r){${SCRIPT}})(${json(message)},${json(baseUrl)},${json(route)})`,
      }}
    />
  );
}
