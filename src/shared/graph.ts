/** The link graph file both sides agree on (written by src/node/resolve/graph.ts, drawn by src/client/graph/). */
import type { Route } from './paths.js';

export interface GraphData {
  /** Every note as [route, title], in page order; a note's index is its id in `links`. */
  readonly nodes: readonly (readonly [Route, string])[];
  /** Internal links between notes as a flat list of index pairs: from0, to0, from1, to1... */
  readonly links: readonly number[];
}

/** The notes within `depth` links of `center` (either way), with the links among them; indices into `data.nodes`. */
export function neighbourhood(
  data: GraphData,
  center: number,
  depth: number,
): { readonly nodes: number[]; readonly links: [number, number][] } {
  const adjacent = new Map<number, number[]>();
  const add = (a: number, b: number) => {
    const list = adjacent.get(a);
    if (list) list.push(b);
    else adjacent.set(a, [b]);
  };
  for (let i = 0; i + 1 < data.links.length; i += 2) {
    add(data.links[i]!, data.links[i + 1]!);
    add(data.links[i + 1]!, data.links[i]!);
  }
  const seen = new Set([center]);
  let frontier = [center];
  for (let step = 0; step < depth; step++) {
    const next = new Set(frontier.flatMap((node) => adjacent.get(node) ?? []).filter((node) => !seen.has(node)));
    for (const node of next) seen.add(node);
    frontier = [...next];
  }
  const links: [number, number][] = [];
  for (let i = 0; i + 1 < data.links.length; i += 2)
    if (seen.has(data.links[i]!) && seen.has(data.links[i + 1]!)) links.push([data.links[i]!, data.links[i + 1]!]);
  return { nodes: [...seen], links };
}
