/** The site footer: link columns with titles (or one flat list), a logo and the copyright line. */
import type { FooterColumn, FooterLinkItem, NavbarLogo } from '../../shared/types.js';
import { Link } from '@theme/Link';
import { useThemeContext } from '../ThemeContext/index.js';
import { withBaseUrl } from '../utils/index.js';

function FooterLink({ item }: { item: FooterLinkItem }) {
  return (
    <Link className="footer__link-item" to={item.to} href={item.href}>
      {item.label}
    </Link>
  );
}

function FooterColumns({ columns }: { columns: readonly FooterColumn[] }) {
  return (
    <div className="footer__links">
      {columns.map((column, index) => (
        <div key={`${index}:${column.title ?? ''}`} className="footer__col">
          {column.title && <div className="footer__title">{column.title}</div>}
          <ul className="footer__items">
            {column.items.map((item, itemIndex) => (
              <li key={`${itemIndex}:${item.label}`} className="footer__item">
                <FooterLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function FooterSimpleLinks({ items }: { items: readonly FooterLinkItem[] }) {
  return (
    <ul className="footer__links footer__links--simple">
      {items.map((item, index) => (
        <li key={`${index}:${item.label}`} className="footer__item">
          <FooterLink item={item} />
        </li>
      ))}
    </ul>
  );
}

function FooterLogo({ logo }: { logo: NavbarLogo }) {
  const { site } = useThemeContext();
  const image = (
    <img
      className="footer__logo"
      src={withBaseUrl(site.baseUrl, logo.src)}
      alt={logo.alt ?? ''}
      width={logo.width}
      height={logo.height}
    />
  );
  if (!logo.href) return image;
  return (
    <Link className="footer__logo-link" to={logo.href} hideExternalIcon>
      {image}
    </Link>
  );
}

export function Footer() {
  const { site } = useThemeContext();
  const footer = site.footer;
  if (!footer) return null;
  const { links, logo, copyright } = footer;
  const isSimple = links.length === 1 && links[0]?.title === undefined;
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__container">
        {links.length > 0 &&
          (isSimple ? <FooterSimpleLinks items={links[0]!.items} /> : <FooterColumns columns={links} />)}
        {(logo || copyright) && (
          <div className="footer__bottom">
            {logo && <FooterLogo logo={logo} />}
            {copyright && <div className="footer__copyright" dangerouslySetInnerHTML={{ __html: copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}
