/** Switches the document head from one page to the next: title, description, canonical, Open Graph and alternate tags. */
import type { HeadTag, PageModel } from '../shared/types.js';

/** The page's head tags as the server wrote them (renderPage adds a description meta when the model has none). */
function headTagsOf(page: PageModel): HeadTag[] {
  const hasDescription = page.head.some((tag) => tag.tag === 'meta' && tag.attributes.name === 'description');
  if (!page.description || hasDescription) return [...page.head];
  return [{ tag: 'meta', attributes: { name: 'description', content: page.description } }, ...page.head];
}

function findElement(tag: HeadTag): Element | undefined {
  const entries = Object.entries(tag.attributes);
  return [...document.head.querySelectorAll(tag.tag)].find(
    (element) =>
      element.attributes.length === entries.length &&
      entries.every(([name, value]) => element.getAttribute(name) === value),
  );
}

function createElement(tag: HeadTag): Element {
  const element = document.createElement(tag.tag);
  for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
  return element;
}

/** Removes the previous page's tags and adds the next page's; tags both pages share stay untouched. */
export function updateHead(previous: PageModel, next: PageModel): void {
  document.title = next.documentTitle;
  const nextTags = headTagsOf(next);
  const key = (tag: HeadTag) => `${tag.tag} ${JSON.stringify(tag.attributes)}`;
  const keep = new Set(nextTags.map(key));
  const kept = new Set<string>();
  for (const tag of headTagsOf(previous)) {
    if (keep.has(key(tag))) kept.add(key(tag));
    else findElement(tag)?.remove();
  }
  for (const tag of nextTags) if (!kept.has(key(tag))) document.head.append(createElement(tag));
}
