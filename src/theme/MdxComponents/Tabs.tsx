/**
 * Docusaurus's `<Tabs>` rendered to static HTML: a tab list of buttons and one panel per `<TabItem>`, the selected one
 * shown. The browser island (src/client/islands/tabs.ts) switches them, syncs `groupId` and keeps `queryString`.
 */
import { useId, type ReactElement } from 'react';
import { clsx } from '../utils/index.js';
import { resolveTabs, type TabItemProps, type TabsProps, type TabValue } from './tabsModel.js';

export type { TabItemProps, TabsProps, TabValue } from './tabsModel.js';

export function Tabs(props: TabsProps) {
  const { tabs, panels, selected, queryKey } = resolveTabs(props);
  const base = `tabs-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const tabIndexOf = (value: string) => tabs.findIndex((tab) => tab.value === value);
  const focusable = selected ?? tabs[0]?.value;
  return (
    <div className="tabs-container" data-group-id={props.groupId || undefined} data-query-string={queryKey}>
      <div
        role="tablist"
        aria-orientation="horizontal"
        className={clsx('tabs', props.block && 'tabs--block', props.className)}
      >
        {tabs.map((tab, index) => (
          <TabButton
            key={tab.value}
            tab={tab}
            base={base}
            index={index}
            panel={panels.findIndex((panel) => panel.props.value === tab.value)}
            selected={tab.value === selected}
            focusable={tab.value === focusable}
          />
        ))}
      </div>
      {panels.map((panel, index) => (
        <TabPanel
          key={index}
          panel={panel}
          id={`${base}-panel-${index}`}
          tabId={tabId(base, tabIndexOf(panel.props.value))}
          hidden={panel.props.value !== selected}
        />
      ))}
    </div>
  );
}

const tabId = (base: string, index: number) => (index < 0 ? undefined : `${base}-tab-${index}`);

interface TabButtonProps {
  readonly tab: TabValue;
  readonly base: string;
  readonly index: number;
  /** The index of the tab's panel, -1 when no TabItem has its value. */
  readonly panel: number;
  readonly selected: boolean;
  /** The one tab reached with Tab (roving tabindex): the selected one, else the first. */
  readonly focusable: boolean;
}

function TabButton({ tab, base, index, panel, selected, focusable }: TabButtonProps) {
  const { className, ...attributes } = (tab.attributes ?? {}) as { className?: string };
  return (
    <button
      type="button"
      role="tab"
      {...attributes}
      className={clsx('tabs__item', selected && 'tabs__item--active', className)}
      id={tabId(base, index)}
      aria-controls={panel < 0 ? undefined : `${base}-panel-${panel}`}
      aria-selected={selected}
      data-value={tab.value}
      tabIndex={focusable ? 0 : -1}
    >
      {tab.label ?? tab.value}
    </button>
  );
}

interface TabPanelProps {
  readonly panel: ReactElement<TabItemProps>;
  readonly id: string;
  readonly tabId: string | undefined;
  readonly hidden: boolean;
}

function TabPanel({ panel, id, tabId, hidden }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={id}
      aria-labelledby={tabId}
      data-value={panel.props.value}
      className={clsx('tabs__panel', panel.props.className)}
      hidden={hidden}
    >
      {panel.props.children}
    </div>
  );
}

/** A panel on its own; inside `<Tabs>` only its props are read (Tabs renders the panels). */
export function TabItem({ children, className, hidden }: TabItemProps) {
  return (
    <div role="tabpanel" className={clsx('tabs__panel', className)} hidden={hidden}>
      {children}
    </div>
  );
}
