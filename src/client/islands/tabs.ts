/**
 * Tabs (markup: src/theme/MdxComponents/Tabs.tsx). A click or the arrow keys, Home and End (WAI-ARIA tabs, automatic
 * activation) switch the panel; `data-group-id` switches every group of that id on the page and is remembered in
 * localStorage (`docusaurus.tab.<groupId>`, Docusaurus's key); `data-query-string` keeps the choice in the URL.
 */

export interface TabsStorage {
  read(key: string): string | null;
  write(key: string, value: string): void;
}

const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;
let syncingOtherWindows = false;

/** Makes every tabs container under `root` not yet enhanced work, restoring the choice from the URL or storage. */
export function enhanceTabs(root: Element, storage: TabsStorage): void {
  for (const container of root.querySelectorAll<HTMLElement>('.tabs-container:not([data-tabs-ready])')) {
    container.dataset.tabsReady = '';
    const restored = restoredValue(container, storage);
    if (restored !== null) showTab(container, restored);
    const list = tabList(container);
    list?.addEventListener('click', (event) => {
      const tab = closestTab(event.target, list);
      if (tab) chooseTab(container, tab.dataset.value ?? '', storage);
    });
    list?.addEventListener('keydown', (event) => onKeyDown(event, container, storage));
  }
  if (!syncingOtherWindows) {
    syncingOtherWindows = true;
    // Another browser tab of the site chose: follow it, as Docusaurus does.
    window.addEventListener('storage', (event) => {
      const groupId = event.key?.startsWith('docusaurus.tab.') ? event.key.slice('docusaurus.tab.'.length) : undefined;
      if (groupId !== undefined && event.newValue !== null)
        for (const c of groupMembers(groupId)) showTab(c, event.newValue);
    });
  }
}

/** The URL's choice, else the remembered one of the group; null when neither names one of this container's tabs. */
function restoredValue(container: HTMLElement, storage: TabsStorage): string | null {
  const { queryString, groupId } = container.dataset;
  const candidates = [
    queryString ? new URLSearchParams(window.location.search).get(queryString) : null,
    groupId ? storage.read(storageKey(groupId)) : null,
  ];
  return candidates.find((value) => value !== null && tabOf(container, value) !== undefined) ?? null;
}

/** Selects `value` here and in the group, remembers it, and keeps the clicked tab list where it is on screen. */
function chooseTab(container: HTMLElement, value: string, storage: TabsStorage): void {
  if (!tabOf(container, value)) return;
  const before = container.getBoundingClientRect().top;
  const { groupId, queryString } = container.dataset;
  for (const member of groupId ? groupMembers(groupId) : [container]) showTab(member, value);
  if (groupId) storage.write(storageKey(groupId), value);
  if (queryString) {
    const url = new URL(window.location.href);
    url.searchParams.set(queryString, value);
    window.history.replaceState(window.history.state, '', url.href);
  }
  // Groups above it may have changed height: scroll so that what the reader clicked stays under the pointer.
  const shift = container.getBoundingClientRect().top - before;
  if (shift !== 0) window.scrollBy(0, shift);
}

/** Shows the panel of `value` and marks its tab selected; does nothing when the container has no such tab. */
export function showTab(container: HTMLElement, value: string): void {
  if (!tabOf(container, value)) return;
  for (const tab of tabsOf(container)) {
    const selected = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    tab.classList.toggle('tabs__item--active', selected);
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]'))
    panel.hidden = panel.dataset.value !== value;
}

function onKeyDown(event: KeyboardEvent, container: HTMLElement, storage: TabsStorage): void {
  const tabs = tabsOf(container);
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current === -1) return;
  const last = tabs.length - 1;
  const next: Record<string, number> = {
    ArrowRight: current === last ? 0 : current + 1,
    ArrowLeft: current === 0 ? last : current - 1,
    Home: 0,
    End: last,
  };
  const target = tabs[next[event.key] ?? -1];
  if (!target) return;
  event.preventDefault();
  target.focus();
  chooseTab(container, target.dataset.value ?? '', storage);
}

/** Every tabs container of the page in the group (the one given included). */
function groupMembers(groupId: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`.tabs-container[data-group-id="${CSS.escape(groupId)}"]`)];
}

function tabList(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>(':scope > [role="tablist"]');
}

// `:scope >` everywhere: tabs nested in a panel belong to their own container.
function tabsOf(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
}

function tabOf(container: HTMLElement, value: string): HTMLElement | undefined {
  return tabsOf(container).find((tab) => tab.dataset.value === value);
}

function closestTab(target: EventTarget | null, list: HTMLElement): HTMLElement | undefined {
  const tab = target instanceof Element ? target.closest<HTMLElement>('[role="tab"]') : null;
  return tab && tab.parentElement === list ? tab : undefined;
}
