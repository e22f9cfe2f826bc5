import type MarkdownIt from 'markdown-it';

/**
 * Bare links as GitHub and the reference's remark link them: text starting with a scheme (http://, https://, ftp://),
 * with `www.`, or an e-mail address. linkify-it's default fuzzy mode also links any word with a dot and a known
 * top-level domain: "readme.md" became a link to http://readme.md, "crates.io" to http://crates.io. It is also the
 * slow part of linkify on a link-heavy wiki (a host search with large Unicode classes on every text).
 */
export function autolinksPlugin(md: MarkdownIt): void {
  // linkify-it keeps its regex sources (strings) beside its compiled regexes in `re`; its typings list only the latter.
  const { src_host_port_strict: host, src_path: path } = md.linkify.re as unknown as Record<string, string>;
  md.linkify
    .set({ fuzzyLink: false })
    .add('//', null)
    .add('www.', {
      validate: new RegExp(`^${host}${path}`, 'i'),
      normalize: (match) => void (match.url = `http://${match.url}`),
    });
  skipTextsWithoutLinks(md);
}

/**
 * linkify-it's pretest() (on every paragraph) and test() (on each text of a paragraph that passed) look for a scheme
 * behind a boundary class of all Unicode punctuation and spaces: ~0.3 s of a corpus build, most of whose paragraphs
 * and texts hold no scheme name at all. With fuzzy hosts off, test() can only succeed on a text holding a scheme name
 * (its regex has the same `i` flag) or an `@` (e-mails), so a plain search for those answers first. A paragraph's texts
 * are pieces of it (markdown-it decodes entities and escapes into tokens of their own, joined to the texts only after
 * linkify), so a paragraph with no scheme name, no `@`, no entity and no backslash escape has no text that test()
 * would accept. pretest() only filters, so the output is the same as linkify-it's own.
 */
function skipTextsWithoutLinks(md: MarkdownIt): void {
  // The enabled schemes, as linkify-it lists them (its typings leave its compiled state out).
  const compiled = (md.linkify as unknown as { __compiled__?: Record<string, unknown> }).__compiled__;
  if (!compiled) return;
  const names = Object.keys(compiled)
    .filter((name) => name !== '')
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const mayLink = new RegExp(`${names.join('|')}|@`, 'i');
  const decodes = /[&\\]/;
  const { linkify } = md;
  const test = linkify.test.bind(linkify);
  // linkify-it's own pretest() only filters: on a link-heavy wiki most paragraphs hold a scheme in a link's target and
  // pass it anyway, after its large Unicode classes ran (~0.15 s of the corpus), and test() below decides each text.
  linkify.pretest = (text) => mayLink.test(text) || decodes.test(text);
  linkify.test = (text) => mayLink.test(text) && test(text);
}
