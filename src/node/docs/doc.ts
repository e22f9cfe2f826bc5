import type { DocId, Route, SourcePath } from '../../shared/paths.js';
import type { HeadingInfo, LinkRecord } from '../markdown/noteEnv.js';
import type { FrontMatter } from './frontMatter.js';

/** A note with its identity resolved: id, route, folder and front matter. */
export interface Doc {
  readonly sourcePath: SourcePath;
  readonly filePath: string;
  readonly id: DocId;
  readonly route: Route;
  /** Docs-relative folder, '.' at the root. */
  readonly dirName: string;
  readonly isIndex: boolean;
  readonly sidebarPosition?: number;
  readonly frontMatter: FrontMatter;
  readonly body: string;
  readonly lineOffset: number;
}

/** A note after its Markdown was rendered (its Markdown source is dropped: the HTML is what later stages use). */
export interface ParsedDoc extends Omit<Doc, 'body'> {
  readonly title: string;
  /** Whether the body opens with its own `# heading`. */
  readonly contentHasTitle: boolean;
  readonly description: string;
  readonly html: string;
  readonly headings: readonly HeadingInfo[];
  readonly links: readonly LinkRecord[];
}
