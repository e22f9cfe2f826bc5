/**
 * The route-change progress bar (SPEC §9): appears only when loading takes over 200 ms, no spinner, trickles every
 * 800 ms, starts at 0.08. nprogress does exactly this; these 40 lines avoid its 2 KB (and its stylesheet) for the
 * one behaviour we use. Markup and ids follow nprogress (#nprogress .bar) so its usual CSS hooks still apply.
 */
const DELAY_MS = 200;
const TRICKLE_MS = 800;
const MINIMUM = 0.08;
const SPEED_MS = 200;

/** nprogress's trickle curve: big steps at first, ever smaller ones, never reaching the end. */
function trickleStep(n: number): number {
  if (n < 0.2) return 0.1;
  if (n < 0.5) return 0.04;
  if (n < 0.8) return 0.02;
  return n < 0.99 ? 0.005 : 0;
}

export interface ProgressBar {
  done(): void;
}

/** Starts the bar's 200 ms delay; `done` before then shows nothing. */
export function startProgressBar(): ProgressBar {
  let root: HTMLDivElement | undefined;
  let bar: HTMLDivElement | undefined;
  let n = 0;
  let trickle = 0;
  const set = (value: number) => {
    n = Math.min(Math.max(value, MINIMUM), 1);
    bar!.style.transform = `translate3d(${(n - 1) * 100}%,0,0)`;
  };
  const show = () => {
    root = document.createElement('div');
    root.id = 'nprogress';
    root.setAttribute('role', 'progressbar');
    root.setAttribute('aria-label', 'Loading the page');
    root.style.cssText = `position:fixed;top:0;left:0;right:0;z-index:1031;pointer-events:none;transition:opacity ${SPEED_MS}ms linear`;
    bar = document.createElement('div');
    bar.className = 'bar';
    bar.style.cssText = `height:2px;background:var(--c-primary,#2c5cc5);transition:transform ${SPEED_MS}ms ease`;
    root.append(bar);
    document.body.append(root);
    set(MINIMUM);
    trickle = window.setInterval(() => set(Math.min(n + trickleStep(n), 0.994)), TRICKLE_MS);
  };
  const delay = window.setTimeout(show, DELAY_MS);
  return {
    done() {
      window.clearTimeout(delay);
      window.clearInterval(trickle);
      if (!root) return;
      const shown = root;
      set(1);
      window.setTimeout(() => {
        shown.style.opacity = '0';
        window.setTimeout(() => shown.remove(), SPEED_MS);
      }, SPEED_MS);
    },
  };
}
