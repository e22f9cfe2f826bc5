import type { ComponentType } from 'react';
import { htmlPathForRoute, pageDataPath, type Route } from '../../shared/paths.js';
import { indexSidebarRoutes, pruneSidebar } from '../../shared/sidebar.js';
import type { PageModel, ThemeSettings } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { ClientAssets } from './clientBundle.js';
import type { SiteFile } from './emit.js';
import type { SiteData } from './loadSite.js';
import { createSidebarHtmlCache } from '../render/sidebarCache.js';
import { buildRuntimeFiles } from './runtimeData.js';

export interface RenderSiteInput {
  readonly site: SiteData;
  readonly theme: ThemeSettings;
  readonly config: SiteConfig;
  readonly client: ClientAssets;
}

/**
 * Every page as static HTML, plus the per-route data files and the full sidebar for in-browser navigation.
 * A generator, so `wiki build` writes each page as it is rendered instead of holding the whole site in memory.
 */
export function* renderSite(input: RenderSiteInput): Generator<SiteFile> {
  const { site, theme, client } = input;
  yield* client.files;
  // The browser runtime's settings (boot script `runtime`) and the sidebar files it loads.
  const { runtime, files: runtimeFiles } = buildRuntimeFiles({ config: input.config, sidebar: site.sidebar, specialPages: site.specialPages });
  yield* runtimeFiles;
  const pages: PageModel[] = [...site.docPages, ...site.specialPages];
  // Serialised once: the same for every page.
  const sharedBootJson = `"site":${JSON.stringify(theme)},"runtime":${JSON.stringify(runtime)}`;
  const sidebarCache = createSidebarHtmlCache();
  const routeIndex = indexSidebarRoutes(site.sidebar);
  for (const page of pages) {
    const sidebar = page.kind === 'doc' ? pruneSidebar(site.sidebar, page.route, routeIndex) : [];
    // The note's HTML is already in the page: the boot data leaves it out and the browser reads it from the DOM.
    const pageJson = JSON.stringify(page.kind === 'doc' ? { ...page, contentHtml: '' } : page);
    const bootJson = `{"page":${pageJson},"sidebar":${JSON.stringify(sidebar)},${sharedBootJson}}`;
    const pageComponent = page.kind === 'custom' ? (site.renderer.pageModules.get(page.route)?.default as ComponentType | undefined) : undefined;
    const html = site.renderer.renderPageHtml({ page, site: theme, sidebar, stylesheets: client.stylesheets, scripts: client.scripts, bootJson, pageComponent, sidebarCache });
    yield [page.kind === 'notFound' ? '404.html' : htmlPathForRoute(page.route), html];
    // A JSON string cannot contain this key-value pair except as the real (emptied) field: splice the content in.
    if (page.kind === 'doc') yield [pageDataPath(page.route), pageJson.replace('"contentHtml":""', `"contentHtml":${JSON.stringify(page.contentHtml)}`)];
  }
  const custom = site.specialPages.filter((page) => page.kind === 'custom').map((page) => page.route);
  yield ['sitemap.xml', renderSitemap([...site.docPages.map((page) => page.route), ...custom], input.config)];
}

function renderSitemap(routes: readonly Route[], config: SiteConfig): string {
  const origin = `${config.url.replace(/\/$/, '')}${config.baseUrl.replace(/\/$/, '')}`;
  const urls = routes.map((route) => `<url><loc>${escapeXml(origin + encodeURI(route))}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
