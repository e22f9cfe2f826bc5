/** Reads the boot script the build wrote into the page; the note's HTML comes from the server-rendered DOM. */
import type { BootData } from '../shared/runtime.js';

export function readBootData(): BootData {
  // A script element: a note's heading or element given the same id ({#__wiki-boot}) cannot stand in for it.
  const boot = JSON.parse(document.querySelector('script#__wiki-boot')!.textContent!) as BootData;
  if (boot.page.kind !== 'doc') return boot;
  // Shipped once, in the page itself: hydration takes the content from the markup instead of a second copy.
  const contentHtml = document.querySelector('#__wiki .doc-markdown')?.innerHTML ?? '';
  return { ...boot, page: { ...boot.page, contentHtml } };
}
