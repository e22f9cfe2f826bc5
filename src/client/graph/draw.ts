/**
 * Draws the link graph in SVG with d3-force (a lazy chunk, loaded when a graph is opened): nodes are links to their
 * notes (labels on hover or focus), the current note highlighted; wheel zooms, dragging pans.
 */
import { forceCenter, forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import { type GraphData, neighbourhood } from '../../shared/graph.js';
import type { Route } from '../../shared/paths.js';
import { attachZoom, fitView } from './zoom.js';

export interface DrawOptions {
  readonly loadData: () => Promise<GraphData>;
  /** A route's href (the entry's, passed in: imported here, the path helpers would become a chunk of their own). */
  readonly hrefOf: (route: Route) => string;
  /** The note at the centre: its neighbourhood is drawn; undefined for the whole graph. */
  readonly current: Route | undefined;
}

interface Node extends SimulationNodeDatum {
  readonly index: number;
  readonly route: Route;
  readonly title: string;
  readonly degree: number;
  element?: SVGAElement;
}

/** How many links away from the current note its graph reaches. */
const LOCAL_DEPTH = 2;
const SVG = 'http://www.w3.org/2000/svg';

/** Replaces what `view` shows with the graph; resolves once it is drawn (the layout goes on settling). */
export async function drawGraph(view: HTMLElement, options: DrawOptions): Promise<void> {
  view.replaceChildren(status('…'));
  const data = await options.loadData();
  const center = options.current === undefined ? -1 : data.nodes.findIndex(([route]) => route === options.current);
  if (options.current !== undefined && center === -1) {
    view.replaceChildren(status('—'));
    return;
  }
  const shown = center === -1 ? allOf(data) : neighbourhood(data, center, LOCAL_DEPTH);
  const degree = new Map<number, number>();
  for (const [a, b] of shown.links) for (const at of [a, b]) degree.set(at, (degree.get(at) ?? 0) + 1);
  const nodes: Node[] = shown.nodes.map((index) => {
    const [route, title] = data.nodes[index]!;
    return { index, route, title, degree: degree.get(index) ?? 0 };
  });
  const byIndex = new Map(nodes.map((node) => [node.index, node]));
  const links = shown.links.map(([a, b]) => ({ source: byIndex.get(a)!, target: byIndex.get(b)! }));
  const svg = renderSvg(nodes, links, options, center);
  view.replaceChildren(svg);
  const zoom = attachZoom(svg, view);
  view.removeAttribute('data-graph-settled');
  const draw = () => {
    for (const node of nodes) node.element?.setAttribute('transform', `translate(${node.x ?? 0},${node.y ?? 0})`);
    for (const [at, line] of lines(svg).entries()) placeLine(line, links[at]!);
    const fitted = zoom.moved() ? undefined : fitView(nodes, view);
    if (fitted) zoom.set(fitted);
  };
  // Marked once the layout has settled (nodes stop moving).
  simulate(nodes, links, center === -1, draw, () => view.setAttribute('data-graph-settled', ''));
}

function allOf(data: GraphData): { nodes: number[]; links: [number, number][] } {
  const links: [number, number][] = [];
  for (let at = 0; at + 1 < data.links.length; at += 2) links.push([data.links[at]!, data.links[at + 1]!]);
  return { nodes: data.nodes.map((_node, index) => index), links };
}

function status(text: string): HTMLElement {
  const element = document.createElement('p');
  element.className = 'graph-view__status';
  element.textContent = text;
  return element;
}

const radius = (node: Node) => 3 + Math.sqrt(node.degree) * 1.5;

function renderSvg(
  nodes: readonly Node[],
  links: readonly SimulationLinkDatum<Node>[],
  options: DrawOptions,
  center: number,
): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('role', 'group');
  const linkGroup = document.createElementNS(SVG, 'g');
  linkGroup.setAttribute('class', 'graph-links');
  for (let at = 0; at < links.length; at++) {
    const line = document.createElementNS(SVG, 'line');
    line.setAttribute('class', 'graph-link');
    linkGroup.append(line);
  }
  const nodeGroup = document.createElementNS(SVG, 'g');
  nodeGroup.setAttribute('class', 'graph-nodes');
  for (const node of nodes) nodeGroup.append(renderNode(node, options.hrefOf(node.route), node.index === center));
  svg.append(linkGroup, nodeGroup);
  return svg;
}

function renderNode(node: Node, href: string, isCurrent: boolean): SVGAElement {
  const anchor = document.createElementNS(SVG, 'a');
  anchor.setAttribute('href', href);
  anchor.setAttribute('class', isCurrent ? 'graph-node graph-node--current' : 'graph-node');
  anchor.setAttribute('aria-label', node.title);
  if (isCurrent) anchor.setAttribute('aria-current', 'page');
  const circle = document.createElementNS(SVG, 'circle');
  circle.setAttribute('r', String(radius(node)));
  const label = document.createElementNS(SVG, 'text');
  label.setAttribute('x', String(radius(node) + 3));
  label.setAttribute('y', '4');
  label.textContent = node.title;
  anchor.append(circle, label);
  node.element = anchor;
  return anchor;
}

const lines = (svg: SVGSVGElement) => [...svg.querySelectorAll<SVGLineElement>('.graph-link')];

function placeLine(line: SVGLineElement, link: SimulationLinkDatum<Node>): void {
  const source = link.source as Node;
  const target = link.target as Node;
  line.setAttribute('x1', String(source.x ?? 0));
  line.setAttribute('y1', String(source.y ?? 0));
  line.setAttribute('x2', String(target.x ?? 0));
  line.setAttribute('y2', String(target.y ?? 0));
}

/** Runs the layout, calling `draw` at most once an animation frame while it settles, then `settled`. */
function simulate(
  nodes: Node[],
  links: SimulationLinkDatum<Node>[],
  global: boolean,
  draw: () => void,
  settled: () => void,
): void {
  let frame = 0;
  const simulation = forceSimulation(nodes)
    .force('link', forceLink(links).distance(global ? 30 : 60))
    .force('charge', forceManyBody().strength(global ? -30 : -160))
    .force('center', forceCenter(0, 0))
    .force('x', forceX(0).strength(0.05))
    .force('y', forceY(0).strength(0.05))
    .on('tick', () => {
      if (frame === 0) frame = requestAnimationFrame(() => ((frame = 0), draw()));
    })
    .on('end', () => {
      cancelAnimationFrame(frame);
      draw();
      settled();
    });
  simulation.alphaDecay(global ? 0.04 : 0.05);
}
