/** The dev server's error overlay: every build error with its file, line, message and fix. */
import type { DevProblem } from '../../shared/devProtocol.js';

const overlayId = '__wiki-dev-overlay';
/** Problems the reader closed the overlay on; it stays closed until they change. */
let dismissed = '';

/** Shows the problems in an overlay, or removes it when there are none. */
export function showProblems(problems: readonly DevProblem[]): void {
  const key = JSON.stringify(problems);
  document.getElementById(overlayId)?.remove();
  if (problems.length === 0 || key === dismissed) return;
  const overlay = element('div', { id: overlayId, role: 'alertdialog', 'aria-label': 'Build errors' });
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(20,20,24,.88);color:#f5f5f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace';
  const panel = element('div', {});
  panel.style.cssText =
    'max-width:960px;margin:0 auto;background:#1e1e24;border-top:4px solid #e5484d;border-radius:6px;padding:1.25rem 1.5rem';
  const title = element('h2', {}, `${problems.length} build error${problems.length === 1 ? '' : 's'}`);
  title.style.cssText = 'margin:0 0 1rem;font-size:18px;color:#ff8589';
  const close = element('button', { type: 'button', 'aria-label': 'Close' }, 'Close');
  close.style.cssText =
    'float:right;cursor:pointer;background:none;color:inherit;border:1px solid #888;border-radius:4px;padding:2px 10px';
  close.addEventListener('click', () => {
    dismissed = key;
    overlay.remove();
  });
  const list = element('ol', {});
  list.style.cssText = 'margin:0;padding-left:1.25rem';
  for (const problem of problems) list.append(renderProblem(problem));
  const footer = element(
    'p',
    {},
    'Fix the file and save: this overlay updates by itself. Other pages are still served.',
  );
  footer.style.cssText = 'margin:1rem 0 0;color:#aaa';
  panel.append(close, title, list, footer);
  overlay.append(panel);
  document.body.append(overlay);
}

function renderProblem(problem: DevProblem): HTMLElement {
  const item = element('li', { 'data-code': problem.code });
  item.style.cssText = 'margin-bottom:.9rem';
  const where = problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ''}` : '';
  if (where) {
    const location = element('div', { class: 'wiki-dev-overlay__file' }, where);
    location.style.cssText = 'color:#7cc4ff';
    item.append(location);
  }
  item.append(element('div', { class: 'wiki-dev-overlay__message' }, problem.message));
  if (problem.hint) {
    const hint = element('div', { class: 'wiki-dev-overlay__hint' }, problem.hint);
    hint.style.cssText = 'color:#b5e3a3;white-space:pre-wrap';
    item.append(hint);
  }
  return item;
}

function element(tag: string, attributes: Record<string, string>, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}
