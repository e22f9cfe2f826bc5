import { defineConfig } from '../../../src/node/config/defineConfig.js';

// Quartz 4's documentation, an Obsidian vault (../shared/corpora/quartz-docs, see its ORIGIN.md), built as it is.
export default defineConfig({
  title: 'Quartz 4',
  url: 'https://quartz.example.com',
  docsDir: '../../../../shared/corpora/quartz-docs/docs',
  markdown: { obsidian: true },
});
