/** "Linked from": the notes that link to this one, each with the sentence around its link. */
import type { Backlink } from '../../shared/types.js';
import { useThemeContext } from '../ThemeContext/index.js';
import { Translate } from '../Translate/index.js';
import { routeHref } from '../utils/index.js';

export function Backlinks({ items }: { items: readonly Backlink[] }) {
  const { site } = useThemeContext();
  return (
    <section className="backlinks" aria-labelledby="backlinks-title">
      <h2 id="backlinks-title">
        <Translate id="theme.backlinks.title" description="The heading of the list of notes that link to a note">
          Linked from
        </Translate>
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a href={routeHref(site.baseUrl, item.href)}>{item.title}</a>
            {item.context && <p className="backlinks__context">{item.context}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
