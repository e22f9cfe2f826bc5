import { hydrateRoot } from 'react-dom/client';
import type { PageModel, SidebarItem, ThemeSettings } from '../shared/types.js';
import { App } from '../theme/App/index.js';

/** What the build writes into every page for hydration (the content itself is read from the DOM). */
interface BootData {
  readonly page: PageModel;
  readonly site: ThemeSettings;
  readonly sidebar: readonly SidebarItem[];
}

function readBootData(): BootData {
  const boot = JSON.parse(document.getElementById('__wiki-boot')!.textContent!) as BootData;
  if (boot.page.kind !== 'doc') return boot;
  // The note's HTML is shipped once, in the page itself: take it from the server-rendered markup.
  const contentHtml = document.querySelector('#__wiki .markdown')?.innerHTML ?? '';
  return { ...boot, page: { ...boot.page, contentHtml } };
}

const boot = readBootData();
hydrateRoot(document.getElementById('__wiki')!, <App page={boot.page} site={boot.site} sidebar={boot.sidebar} />);
