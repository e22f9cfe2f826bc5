/**
 * A synthetic folder of MDX notes (used by mdx.ts): tabs, code titles and line highlights, admonitions, heading ids,
 * an inline component, generated-index categories, and a docusaurus.config.js both engines read.
 *   node --import tsx bench/generateMdx.ts --notes 1000 --out /tmp/mdx-1000
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Writes `notes` MDX notes in folders of 20, each folder a generated-index category. */
export function generateMdxSite(siteDir: string, notes: number): void {
  const docs = path.join(siteDir, 'docs');
  fs.rmSync(siteDir, { recursive: true, force: true });
  for (let index = 0; index < notes; index++) {
    const folder = path.join(docs, `topic-${String(Math.floor(index / 20)).padStart(3, '0')}`);
    if (index % 20 === 0) {
      fs.mkdirSync(folder, { recursive: true });
      const label = `Topic ${Math.floor(index / 20)}`;
      fs.writeFileSync(
        path.join(folder, '_category_.json'),
        JSON.stringify({ label, link: { type: 'generated-index', description: `Notes about ${label}.` } }),
      );
    }
    fs.writeFileSync(path.join(folder, `note-${index}.mdx`), mdxNote(index));
  }
  fs.writeFileSync(
    path.join(siteDir, 'docusaurus.config.js'),
    `export default {
  title: 'MDX bench', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'warn',
  ${FASTER}
  markdown: { hooks: { onBrokenMarkdownLinks: 'warn' } },
  presets: [['classic', { docs: { path: 'docs', routeBasePath: '/' }, blog: false, pages: false }]],
};
`,
  );
}

/** Docusaurus's Rspack and SWC build ("Docusaurus Faster"); its SSG worker threads need this v4 flag. */
export const FASTER = 'future: { v4: { removeLegacyPostBuildHeadAttribute: true }, faster: true },';

function mdxNote(index: number): string {
  const paragraph = (n: number) =>
    `Paragraph ${n} of note ${index} explains a **detail** with \`inline code\` and a [neighbour](./note-${index % 20 === 0 ? index + 1 : index - 1}.mdx).`;
  return `---
sidebar_position: ${index % 20}
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Note ${index}

export const Badge = ({ children }) => <span className="badge">{children}</span>;

<Badge>new</Badge> ${paragraph(0)}

## Install {/* #install-${index} */}

<Tabs groupId="package-manager">
  <TabItem value="npm" label="npm" default>

\`\`\`bash title="npm"
npm install package-${index}
\`\`\`

  </TabItem>
  <TabItem value="yarn" label="Yarn">

\`\`\`bash title="yarn"
yarn add package-${index}
\`\`\`

  </TabItem>
</Tabs>

## Use it

${paragraph(1)}

\`\`\`js title="example-${index}.js" {2}
import thing from 'package-${index}';
thing.run({ id: ${index} });
// highlight-next-line
console.log('done');
\`\`\`

:::tip[Remember]
${paragraph(2)}
:::

## Details

${[3, 4, 5].map(paragraph).join('\n\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { notes: { type: 'string', default: '1000' }, out: { type: 'string' } } });
  if (!values.out) throw new Error('Give the folder to write with --out DIR.');
  generateMdxSite(path.resolve(values.out), Number(values.notes));
}
