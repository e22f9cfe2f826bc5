/**
 * Mermaid diagrams (`pre.mermaid`, their source as text): rendered to SVG in the browser by Mermaid's prebuilt file,
 * which the build copies beside the engine's chunks only for a site with diagrams (src/node/markdown/codeBlocks.ts)
 * and this island loads only on a page that holds one; drawn again when the colour mode changes.
 */
import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | undefined;

/** Loads Mermaid's browser file once (it sets `window.mermaid`), from beside this chunk in assets/. */
function loadMermaid(): Promise<Mermaid> {
  loading ??= new Promise<Mermaid>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('mermaid/mermaid.min.js', import.meta.url).href;
    script.onload = () => {
      const loaded = (window as unknown as { mermaid?: Mermaid }).mermaid;
      if (loaded) resolve(loaded);
      else reject(new Error('Mermaid did not load.'));
    };
    script.onerror = () => reject(new Error(`Could not load ${script.src}.`));
    document.head.append(script);
  });
  return loading;
}

let renderCount = 0;
let followingColorMode = false;

const mermaidTheme = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default');

/** Renders the diagrams under `root` not rendered yet, then follows light/dark mode for every diagram of the page. */
export async function renderDiagrams(root: Element): Promise<void> {
  const diagrams = [...root.querySelectorAll<HTMLElement>('pre.mermaid:not([data-mermaid-source])')];
  // Kept before rendering: the SVG replaces the text, and a change of colour mode draws the source again.
  for (const pre of diagrams) pre.dataset.mermaidSource = pre.textContent ?? '';
  if (!followingColorMode) {
    followingColorMode = true;
    new MutationObserver(
      () => void drawAll([...document.querySelectorAll<HTMLElement>('pre[data-mermaid-source]')]),
    ).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
  await drawAll(diagrams);
}

async function drawAll(diagrams: readonly HTMLElement[]): Promise<void> {
  if (diagrams.length === 0) return;
  const theme = mermaidTheme();
  const mermaid = await loadMermaid();
  mermaid.initialize({ startOnLoad: false, theme, securityLevel: 'strict' });
  for (const pre of diagrams) {
    if (pre.dataset.mermaidRendered === theme || !pre.isConnected) continue;
    try {
      const { svg } = await mermaid.render(`mermaid-diagram-${++renderCount}`, pre.dataset.mermaidSource ?? '');
      pre.innerHTML = svg;
      pre.dataset.mermaidRendered = theme;
    } catch (error) {
      // A diagram with a syntax error keeps showing its source.
      console.warn(`Could not render a Mermaid diagram: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
