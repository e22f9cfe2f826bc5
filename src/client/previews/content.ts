/** What of a note's HTML a preview shows: its opening section, or up to the end of the section a link names. */

/**
 * A fragment of `html`: the content before its first `h2` (after a leading `h1`), or, when `hash` names a heading,
 * everything up to the end of that heading's section. Ids become `data-preview-id` (the page has its own ids), and
 * nothing runs: the HTML is parsed in a `<template>`, whose scripts never execute. Undefined when nothing is left.
 */
export function extractPreviewContent(html: string, hash: string): DocumentFragment | undefined {
  const template = document.createElement('template');
  template.innerHTML = html;
  const nodes = [...template.content.childNodes];
  const named = hash ? nodes.findIndex((node) => node instanceof Element && node.id === hash) : -1;
  const end = named === -1 ? openingSectionEnd(nodes) : sectionEnd(nodes, named);
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes.slice(0, end));
  for (const element of fragment.querySelectorAll('[id]')) {
    element.setAttribute('data-preview-id', element.id);
    element.removeAttribute('id');
  }
  for (const element of fragment.querySelectorAll('script, a.hash-link')) element.remove();
  return fragment.childNodes.length > 0 ? fragment : undefined;
}

const headingLevel = (node: Node | undefined) =>
  node instanceof Element && /^H[1-6]$/.test(node.tagName) ? Number(node.tagName[1]) : 0;

/** Up to the first heading below a leading `h1`. */
function openingSectionEnd(nodes: readonly Node[]): number {
  const start = nodes.findIndex((node) => node instanceof Element);
  const from = headingLevel(nodes[start]) === 1 ? start + 1 : 0;
  const next = nodes.findIndex((node, index) => index >= from && headingLevel(node) > 0);
  return next === -1 ? nodes.length : next;
}

/** Up to the next heading of the same or a higher level than the one at `index`. */
function sectionEnd(nodes: readonly Node[], index: number): number {
  const level = headingLevel(nodes[index]) || 6;
  const next = nodes.findIndex((node, at) => at > index && headingLevel(node) > 0 && headingLevel(node) <= level);
  return next === -1 ? nodes.length : next;
}
