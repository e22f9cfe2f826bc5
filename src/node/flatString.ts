/**
 * The same string, flat. V8 keeps a string joined from pieces (`a + b`, a template, markdown-it's HTML) as a tree of
 * them: 32 B a node, the pieces besides, several times the text's own size. A string kept for a whole build (or all of
 * `wiki dev`) is worth flattening: a regular expression needs a flat subject, and V8 flattens the string in place for
 * it, once; the pieces are then garbage (test/unit/renderedHtml.test.ts).
 */
export function flatString(text: string): string {
  FLAT.test(text);
  return text;
}

const FLAT = /^/;
