/** A link that applies the base URL to site routes and opens external URLs in a new tab with an icon. */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { IconExternalLink } from '../Icons/index.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { isExternalUrl, withBaseUrl } from '../utils/index.js';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site route ("/web/") or an external URL. */
  readonly to?: string;
  /** A URL used as-is, without the base URL (navbar/footer `href` items, usually external). */
  readonly href?: string;
  readonly hideExternalIcon?: boolean;
  readonly children?: ReactNode;
}

export function Link({ to, href, hideExternalIcon = false, children, ...rest }: LinkProps) {
  const { site } = useThemeContext();
  const target = href ?? to ?? '#';
  if (isExternalUrl(target)) {
    return (
      <a href={target} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        {!hideExternalIcon && <IconExternalLink />}
      </a>
    );
  }
  return (
    <a href={href ?? withBaseUrl(site.baseUrl, target)} {...rest}>
      {children}
    </a>
  );
}
