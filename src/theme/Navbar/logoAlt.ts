/** The navbar logo's alt text. */
import type { NavbarLogo } from '../../shared/types.js';

/**
 * The logo's alt text: beside a shown title the logo is decorative (empty alt, as Docusaurus does), and an alt that
 * only repeats that title is dropped (screen readers would read the name twice: Lighthouse's image-redundant-alt).
 */
export function navbarLogoAlt(logo: NavbarLogo, title: string | undefined, siteTitle: string): string {
  const shownTitle = title?.trim() || undefined;
  if (logo.alt !== undefined && logo.alt.trim() !== shownTitle) return logo.alt;
  return shownTitle ? '' : `${siteTitle} logo`;
}
