/** Zoom (wheel, keyboard + and -) and pan (drag) of an SVG by its viewBox: no library needed for this much. */

/** The part of the drawing shown: its top-left corner and its width (the height follows the view's aspect). */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

/** The view that shows every node, with a margin; undefined while the box is not shown (a closed dialog). */
export function fitView(
  nodes: readonly { x?: number | undefined; y?: number | undefined }[],
  box: HTMLElement,
): View | undefined {
  if (nodes.length === 0 || box.clientWidth === 0 || box.clientHeight === 0) return undefined;
  // A loop, not Math.min(...xs): spread arguments throw past ~125,000 (a large wiki's whole graph).
  let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const { x = 0, y = 0 } of nodes) {
    [left, right] = [Math.min(left, x), Math.max(right, x)];
    [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
  }
  const aspect = box.clientHeight / Math.max(1, box.clientWidth);
  const width = Math.max(right - left, (bottom - top) / aspect, 120) * 1.25;
  return { x: (left + right) / 2 - width / 2, y: (top + bottom) / 2 - (width * aspect) / 2, width };
}

export interface Zoom {
  set(view: View): void;
  /** Whether the reader has zoomed or panned (the layout then stops fitting the view). */
  moved(): boolean;
}

export function attachZoom(svg: SVGSVGElement, box: HTMLElement): Zoom {
  let view: View = { x: -200, y: -150, width: 400 };
  let moved = false;
  const aspect = () => box.clientHeight / Math.max(1, box.clientWidth);
  const apply = (next: View) => {
    view = next;
    svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.width} ${view.width * aspect()}`);
  };
  const scale = () => view.width / Math.max(1, box.clientWidth);
  const zoomAt = (factor: number, clientX: number, clientY: number) => {
    const rect = svg.getBoundingClientRect();
    const px = view.x + (clientX - rect.left) * scale();
    const py = view.y + (clientY - rect.top) * scale();
    const width = Math.min(Math.max(view.width * factor, 20), 20000);
    const ratio = width / view.width;
    moved = true;
    apply({ x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio, width });
  };
  svg.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      zoomAt(Math.exp(event.deltaY * 0.002), event.clientX, event.clientY);
    },
    { passive: false },
  );
  attachPan(svg, (dx, dy) => {
    moved = true;
    apply({ ...view, x: view.x - dx * scale(), y: view.y - dy * scale() });
  });
  svg.addEventListener('keydown', (event) => {
    const rect = svg.getBoundingClientRect();
    const factor = event.key === '+' || event.key === '=' ? 0.8 : event.key === '-' ? 1.25 : 0;
    if (factor) zoomAt(factor, rect.left + rect.width / 2, rect.top + rect.height / 2);
  });
  apply(view);
  return { set: apply, moved: () => moved };
}

/** Calls `move` with the pointer's movement while a drag that started on the background goes on. */
function attachPan(svg: SVGSVGElement, move: (dx: number, dy: number) => void): void {
  let last: { x: number; y: number } | undefined;
  svg.addEventListener('pointerdown', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) return; // a node: a click follows
    last = { x: event.clientX, y: event.clientY };
    svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener('pointermove', (event) => {
    if (!last) return;
    move(event.clientX - last.x, event.clientY - last.y);
    last = { x: event.clientX, y: event.clientY };
  });
  const stop = () => (last = undefined);
  svg.addEventListener('pointerup', stop);
  svg.addEventListener('pointercancel', stop);
}
