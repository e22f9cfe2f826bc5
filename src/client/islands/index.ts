/**
 * Browser behaviour for parts of a note's static HTML ("islands"): tabs and Mermaid diagrams. Each island's code is a
 * lazy chunk, loaded only when the content holds what it enhances: a page without tabs or diagrams loads none.
 */
import { readStorage, writeStorage } from '../../theme/utils/storage.js';
import { CONTENT_REPLACED_EVENT } from './events.js';

const TABS = '.tabs-container:not([data-tabs-ready])';
const DIAGRAMS = 'pre.mermaid:not([data-mermaid-source])';

/** Enhances what `root` holds; runs after the first render and after each change of content, any number of times. */
export function enhanceContent(root: Element): void {
  if (root.querySelector(TABS)) {
    // The entry's storage helpers are passed in: imported by the chunk, they would become a chunk of their own.
    import('./tabs.js')
      .then(({ enhanceTabs }) => enhanceTabs(root, { read: readStorage, write: writeStorage }))
      .catch((error: unknown) => console.warn('Could not load the tabs code; tabs show their first choice.', error));
  }
  if (root.querySelector(DIAGRAMS)) {
    import('./mermaid.js')
      .then(({ renderDiagrams }) => renderDiagrams(root))
      .catch((error: unknown) => console.warn('Could not load Mermaid; diagrams show their source.', error));
  }
}

/** Enhances content again when `wiki dev` replaces it in place (src/client/dev/devClient.ts). */
export function enhanceReplacedContent(): void {
  window.addEventListener(CONTENT_REPLACED_EVENT, (event) => {
    if (event.target instanceof Element) enhanceContent(event.target);
  });
}
