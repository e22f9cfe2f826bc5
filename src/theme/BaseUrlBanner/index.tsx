// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/**
 * The wrong-base-URL banner (SPEC §8). It is an inline script, not a React component, because a wrong base URL
 * usually means the bundle itself failed to load: the script checks the address as the page is parsed (and whether
 * the runtime started once the page has loaded) and puts the banner before #__wiki, outside the hydrated tree.
 */

export interface BaseUrlBannerProps {
  readonly baseUrl: string;
  /** The route of the page, so the suggestion works from any page, not only the home page. */
  readonly route: string;
}

export const BASE_URL_BANNER_ID = '__wiki-base-url-banner';

const BANNER_STYLE = 'padding:12px 16px;background:#fa383e;color:#fff;font:16px/1.5 system-ui,sans-serif;text-align:center';

/** The script text; `base` and `route` are JSON literals. */
function bannerScript(base: string, route: string): string {
  return `(function(){var b=${base},r=${route},id=${JSON.stringify(BASE_URL_BANNER_ID)};
function path(){var p=location.pathname;try{p=decodeURI(p)}catch(e){}return p}
function show(){if(document.getElementById(id))return;var p=path(),n=r.length-1,s=r==='/'?p:p.slice(-n)===r.slice(1)?p.slice(0,p.length-n):'/';
if(s.slice(-1)!=='/')s+='/';var d=document.createElement('div');d.id=id;d.setAttribute('role','alert');d.style.cssText=${JSON.stringify(BANNER_STYLE)};
d.textContent='Your site did not load properly. A very common reason is a wrong site baseUrl configuration. Current configured baseUrl = '+b+(b==='/'?' (default value)':'')+'. We suggest trying baseUrl = '+s;
document.body.insertBefore(d,document.body.firstChild)}
var p=path();if(p.indexOf(b)!==0&&p+'/'!==b)show();else addEventListener('load',function(){if(!window.__wiki)show()})})();`;
}

const json = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

export function BaseUrlBanner({ baseUrl, route }: BaseUrlBannerProps) {
  return <script dangerouslySetInnerHTML={{ __html: bannerScript(json(baseUrl), json(route)) }} />;
}
