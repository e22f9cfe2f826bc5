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
    .add('www.', { validate: new RegExp(`^${host}${path}`, 'i'), normalize: (match) => void (match.url = `http://${match.url}`) });
  skipTextsWithoutLinks(md);
}

/**
 * linkify-it's pretest() (on every paragraph) and test() (on each text of a paragraph that passed) look for a scheme
 * behind a boundary class of all Unicode punctuation and spaces: ~0.3 s of a corpus build, most of whose paragraphs
 * and texts hold no scheme name at all. With fuzzy hosts off, test() can only succeed on a text holding a scheme name
 * (its regex has the same `i` flag) or an `@` (e-mails), so a plain search for those answers first. A paragraph's texts
 * are pieces of it (markdown-it decodes entities and escapes into tokens of their own, joined to the texts only after
 * linkify), so a paragraph with no scheme name and no `@` has no text that test() would accept; one with an entity or
 * a backslash escape still gets linkify-it's own pretest(), in case that order ever changes.
 */
function skipTextsWithoutLinks(md: MarkdownIt): void {
  // The enabled schemes, as linkify-it lists them (its typings leave its compiled state out).
  const compiled = (md.linkify as unknown as { __compiled__?: Record<string, unknown> }).__compiled__;
  if (!compiled) return;
  const names = Object.keys(compiled).filter((name) => name !== '').map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const mayLink = new RegExp(`${names.join('|')}|@`, 'i');
  const decodes = /[&\\]/;
  const { linkify } = md;
  const pretest = linkify.pretest.bind(linkify);
  const test = linkify.test.bind(linkify);
  linkify.pretest = (text) => (mayLink.test(text) || decodes.test(text)) && pretest(text);
  linkify.test = (text) => mayLink.test(text) && test(text);
}
