/**
 * The three Docusaurus site folders of this directory (each a docusaurus.config.js pointing at a corpus in
 * ../shared/corpora), their Docusaurus 3.10 oracles, and a build of each with our CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, repoRoot, runWiki, type CliResult } from '../../helpers/cli.js';
import type { Crumb, HeadingView, PageLink, SidebarView } from '../../helpers/builtDocPages.js';
import '../sharedFolder.js';

export const docusaurusSites = ['horia-wiki', 'docusaurus-classic', 'jellyfin-docs'] as const;
export type DocusaurusSiteName = (typeof docusaurusSites)[number];

/** One page as Docusaurus 3.10 built it (see scripts/docusaurus-oracle.mjs). */
export interface OraclePage {
  readonly route: string;
  readonly kind: 'doc' | 'generated-index' | 'other';
  /** The sidebar the page shows, null when it shows none. */
  readonly sidebar: string | null;
  readonly documentTitle: string;
  readonly title: string | null;
  readonly breadcrumbs: readonly Crumb[];
  readonly previous: PageLink | null;
  readonly next: PageLink | null;
  readonly headings: readonly HeadingView[];
  readonly toc: readonly { readonly id: string; readonly text: string }[];
  readonly codeTitles: readonly string[];
  readonly admonitions: readonly { readonly type: string; readonly title: string }[];
  readonly tabs: readonly (readonly string[])[];
  readonly cards: readonly PageLink[];
}

export interface Oracle {
  readonly generator: string;
  readonly routes: readonly string[];
  readonly sidebars: Readonly<Record<string, readonly SidebarView[]>>;
  readonly pages: readonly OraclePage[];
}

export const siteFolder = (name: DocusaurusSiteName) => path.join(repoRoot, 'test/corpus/docusaurus', name);

export function readOracle(name: DocusaurusSiteName): Oracle {
  return JSON.parse(fs.readFileSync(path.join(siteFolder(name), 'oracle.json'), 'utf8')) as Oracle;
}

export interface SiteBuild extends CliResult {
  readonly outDir: string;
  /** Whether the build wrote a site (a failed build writes nothing). */
  readonly built: boolean;
}

/**
 * Builds a site folder with the real CLI, reading its docusaurus.config.js, into a temp folder. A corpus that imports
 * modules its repository had and the corpus does not ship (missing-modules.json) is built from a copy holding the same
 * stand-ins the oracle's build had.
 */
export async function buildDocusaurusSite(name: DocusaurusSiteName): Promise<SiteBuild> {
  const outDir = path.join(makeTempDir(`wiki-docusaurus-${name}-`), 'build');
  const siteDir = name in missingModules ? copyWithStandIns(name) : siteFolder(name);
  const configFile = path.join(siteDir, 'docusaurus.config.js');
  const result = await runWiki(['build', '--config', configFile, '--out', outDir], { cwd: siteDir });
  return { ...result, outDir, built: fs.existsSync(path.join(outDir, 'sitemap.xml')) };
}

const missingModules = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'test/corpus/docusaurus/missing-modules.json'), 'utf8'),
) as Record<string, Record<string, string>>;

/** The site folder and its corpus copied with the repository's layout (the config's relative paths hold), plus stand-ins. */
function copyWithStandIns(name: DocusaurusSiteName): string {
  const root = makeTempDir(`wiki-docusaurus-copy-${name}-`);
  const siteDir = path.join(root, 'main/test/corpus/docusaurus', name);
  const corpusDir = path.join(root, 'shared/corpora', name);
  fs.cpSync(siteFolder(name), siteDir, { recursive: true });
  fs.cpSync(path.resolve(repoRoot, '../shared/corpora', name), corpusDir, { recursive: true, dereference: true });
  for (const [file, text] of Object.entries(missingModules[name] ?? {})) {
    fs.mkdirSync(path.dirname(path.join(corpusDir, file)), { recursive: true });
    fs.writeFileSync(path.join(corpusDir, file), text);
  }
  return siteDir;
}

/** Why a build has nothing to compare: its exit code and the end of what it printed. */
export function describeFailedBuild(name: DocusaurusSiteName, build: SiteBuild): string {
  const output = `${build.stdout}\n${build.stderr}`.trim().split('\n').slice(-15).join('\n');
  return `${name}: \`wiki build --config test/corpus/docusaurus/${name}/docusaurus.config.js\` wrote no site (exit ${build.code}):\n${output}`;
}
