// The jellyfin-docs corpus (../shared/corpora/jellyfin-docs) with its own hand-written sidebars.ts; docs under /docs
// (the Docusaurus default). Plain JS, no imports: both Docusaurus 3.10 (scripts/docusaurus-oracle.mjs) and our engine
// read it. The corpus has no static folder.
export default {
  title: 'Jellyfin',
  url: 'https://example.com',
  baseUrl: '/',
  onBrokenLinks: 'warn',
  markdown: {
    format: 'mdx',
    hooks: { onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn' },
  },
  presets: [
    [
      'classic',
      {
        docs: {
          path: '../../../../../shared/corpora/jellyfin-docs/docs',
          routeBasePath: 'docs',
          sidebarPath: '../../../../../shared/corpora/jellyfin-docs/sidebars.ts',
        },
        blog: false,
        pages: false,
        theme: {},
      },
    ],
  ],
};
