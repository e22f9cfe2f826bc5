import { defineConfig } from './src/node/config/defineConfig.js';

// The project's own site (SPEC §1). URLs marked "owner" are placeholders for the wiki's owner to set.
export default defineConfig({
  title: 'Everything I know',
  tagline: 'A public, read-only personal knowledge wiki',
  url: 'https://wiki.example.com', // owner
  baseUrl: '/',
  favicon: 'favicon.svg',
  docsDir: 'docs',
  editUrl: 'https://github.com/example/everything-i-know/edit/main/docs/', // owner: the source repository
  colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
  analytics: { trackingID: '', anonymizeIP: true }, // empty tracking id: analytics off
  search: { provider: 'local', appId: '', apiKey: '', indexName: '' }, // hosted search settings empty: embedded search
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  // Each note shows when and by whom it last changed (git), with a "Recently updated" page and Atom/RSS feeds.
  docs: { showLastUpdateTime: true, showLastUpdateAuthor: true, feeds: true, recent: 50 },
  // The link graph: a "Graph" button on each note and the whole wiki's graph at /graph (backlinks are on by default).
  graph: true,
  onBrokenLinks: 'warn',
  onDuplicateRoutes: 'warn',
  navbar: {
    title: 'Everything I know',
    logo: { src: '/logo.svg', alt: 'Everything I know' },
    items: [
      { href: 'https://www.instagram.com/example', label: 'Photos', position: 'right' }, // owner: photo-sharing profile
      { href: 'https://mastodon.social/@example', label: 'Microblog', position: 'right' }, // owner: microblog profile
      { href: 'https://github.com/example', label: 'Code', position: 'right' }, // owner: code-hosting profile
      { href: 'https://example.com', label: 'Homepage', position: 'right' }, // owner: personal homepage
      { href: 'https://github.com/example/everything-i-know', label: 'Source', position: 'right' }, // owner: source repository
    ],
  },
  footer: {
    style: 'light',
    links: [
      { label: 'Source', href: 'https://github.com/example/everything-i-know' },
      { label: 'Search', to: '/search' },
    ],
    copyright: 'Notes by their author. Built with the Everything I know engine.',
  },
});
