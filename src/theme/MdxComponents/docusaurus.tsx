/**
 * The `@docusaurus/...` modules docs import, for a page rendered once at build time: Link, useBaseUrl,
 * useDocusaurusContext, BrowserOnly, Translate, useIsBrowser.
 */
import { Fragment, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { isExternalUrl } from '../utils/index.js';
import { useMdxPage, type MdxSiteConfig } from './context.js';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to?: string;
  readonly href?: string;
  readonly children?: ReactNode;
}

/** `@docusaurus/Link`: a plain `<a>`; site paths get the base URL, other sites open in a new tab. */
export function Link({ to, href, children, ...rest }: LinkProps) {
  const { baseUrl } = useMdxPage('Link');
  const target = to ?? href ?? '#';
  const external = isExternalUrl(target) && !target.startsWith('mailto:') && !target.startsWith('tel:');
  return (
    <a href={addBaseUrl(baseUrl, target)} {...(external && { target: '_blank', rel: 'noopener noreferrer' })} {...rest}>
      {children}
    </a>
  );
}

export interface BaseUrlOptions {
  readonly absolute?: boolean;
  readonly forcePrependBaseUrl?: boolean;
}

/** Docusaurus's `useBaseUrl` rules: `/x` -> `<baseUrl>x`; `#x`, URLs with a scheme and relative paths as they are. */
export function addBaseUrl(baseUrl: string, url: string, options: BaseUrlOptions = {}, siteUrl = ''): string {
  if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
  if (options.forcePrependBaseUrl) return baseUrl + url.replace(/^\//, '');
  if (url === baseUrl.replace(/\/$/, '')) return baseUrl;
  const path = url.startsWith('/') ? baseUrl + url.slice(1) : url;
  return options.absolute ? siteUrl.replace(/\/$/, '') + path : path;
}

/** `@docusaurus/useBaseUrl`. */
export function useBaseUrl(url: string, options: BaseUrlOptions = {}): string {
  const { baseUrl, siteConfig } = useMdxPage('useBaseUrl');
  return addBaseUrl(baseUrl, url, options, siteConfig.url);
}

/** `useBaseUrlUtils()` of `@docusaurus/useBaseUrl`. */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: BaseUrlOptions) => string } {
  const { baseUrl, siteConfig } = useMdxPage('useBaseUrlUtils');
  return { withBaseUrl: (url, options = {}) => addBaseUrl(baseUrl, url, options, siteConfig.url) };
}

export interface DocusaurusContext {
  readonly siteConfig: MdxSiteConfig;
  readonly siteMetadata: { readonly docusaurusVersion: string };
  readonly i18n: {
    readonly defaultLocale: string;
    readonly currentLocale: string;
    readonly locales: readonly string[];
  };
  readonly globalData: Readonly<Record<string, unknown>>;
}

/** `@docusaurus/useDocusaurusContext`: the site's settings (one locale, no plugins' global data). */
export function useDocusaurusContext(): DocusaurusContext {
  const { siteConfig } = useMdxPage('useDocusaurusContext');
  return {
    siteConfig,
    siteMetadata: { docusaurusVersion: '3.10.0' },
    i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'] },
    globalData: {},
  };
}

/** `@docusaurus/useIsBrowser`: notes render at build time only. */
export function useIsBrowser(): boolean {
  return false;
}

export interface BrowserOnlyProps {
  readonly children?: () => ReactNode;
  readonly fallback?: ReactNode;
}

/** `@docusaurus/BrowserOnly`: its fallback (note content is static HTML, never hydrated, so children never run). */
export function BrowserOnly({ fallback }: BrowserOnlyProps) {
  return <>{fallback ?? null}</>;
}

type TranslateValues = Readonly<Record<string, ReactNode>>;

export interface TranslateProps {
  readonly id?: string;
  readonly description?: string;
  readonly values?: TranslateValues;
  readonly children?: ReactNode;
}

/** `@docusaurus/Translate`: the default message (one locale), `{name}` placeholders filled from `values`. */
export function Translate({ values, children }: TranslateProps) {
  if (typeof children !== 'string') return <>{children}</>;
  return <>{interpolate(children, values)}</>;
}

/** `translate()` of `@docusaurus/Translate`: the message, or the id when there is none. */
export function translate(
  { message, id }: { message?: string; id?: string; description?: string },
  values?: Readonly<Record<string, string | number>>,
): string {
  return (message ?? id ?? '').replace(/\{(\w+)\}/g, (whole, name: string) =>
    values && name in values ? String(values[name]) : whole,
  );
}

function interpolate(text: string, values: TranslateValues | undefined): ReactNode[] {
  return text.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined && values && name in values ? values[name] : part;
    return <Fragment key={index}>{value}</Fragment>;
  });
}
