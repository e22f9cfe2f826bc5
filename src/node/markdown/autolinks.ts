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
}
