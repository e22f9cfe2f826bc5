/**
 * The site's link graph as one compact JSON file under a hashed name in assets/ (cached for good; a build whose
 * links or titles changed writes another name). Only the graph's own code fetches it, when a reader opens a graph.
 */
import crypto from 'node:crypto';
import type { Route } from '../../shared/paths.js';
import type { GraphData } from '../../shared/graph.js';
import { shortenTitle } from './sidebar.js';

/** The graph file: its site-relative path and its text. */
export interface GraphFile {
  readonly path: string;
  readonly json: string;
}

/** Nodes are the notes (route, title) in page order; links are [from, to] pairs of node indices, flattened. */
export function buildGraphFile(
  notes: readonly { readonly route: Route; readonly title: string }[],
  edges: readonly (readonly [number, number])[],
): GraphFile {
  const data: GraphData = {
    nodes: notes.map((note) => [note.route, shortenTitle(note.title)] as const),
    links: edges.flat(),
  };
  const json = JSON.stringify(data);
  const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);
  return { path: `assets/graph-${hash}.json`, json };
}
