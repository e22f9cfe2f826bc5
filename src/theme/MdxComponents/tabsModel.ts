/**
 * What `<Tabs>` shows, worked out from its props and `<TabItem>` children as Docusaurus's `useTabs` does, with the same
 * errors for the same mistakes (the MDX build adds the note's path to them).
 */
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/** An entry of the Tabs `values` prop, or a TabItem's own value and label. */
export interface TabValue {
  readonly value: string;
  readonly label?: ReactNode;
  /** Extra attributes for the tab's button (Docusaurus's `attributes`, e.g. `{ className: 'red' }`). */
  readonly attributes?: Readonly<Record<string, unknown>>;
  readonly default?: boolean;
}

export interface TabItemProps extends TabValue {
  readonly className?: string;
  readonly children?: ReactNode;
  /** Set by Tabs on the panels it does not show (a TabItem used alone shows its content). */
  readonly hidden?: boolean;
}

export interface TabsProps {
  readonly children?: ReactNode;
  readonly values?: readonly TabValue[];
  /** The selected tab; `null` selects none. Else the TabItem marked `default`, else the first. */
  readonly defaultValue?: string | null;
  readonly groupId?: string;
  /** Keep the choice in the URL: `true` names the parameter after `groupId`. */
  readonly queryString?: string | boolean;
  /** Docusaurus renders only the selected panel; every panel is rendered here (the browser switches them). */
  readonly lazy?: boolean;
  readonly block?: boolean;
  readonly className?: string;
}

export interface TabsModel {
  readonly tabs: readonly TabValue[];
  readonly panels: readonly ReactElement<TabItemProps>[];
  readonly selected: string | null;
  /** The URL parameter the choice is kept in, if any. */
  readonly queryKey: string | undefined;
}

/** The tabs, panels, selected value and query parameter of a `<Tabs>`; throws on the mistakes Docusaurus rejects. */
export function resolveTabs(props: TabsProps): TabsModel {
  const panels = tabItemsOf(props.children);
  const tabs = props.values ?? panels.map((panel) => panel.props);
  rejectDuplicates(tabs);
  return { tabs, panels, selected: selectedValue(props, tabs, panels), queryKey: queryKeyOf(props) };
}

/** The TabItem children, fragments opened; anything else that renders is an error. */
function tabItemsOf(children: ReactNode): ReactElement<TabItemProps>[] {
  const items: ReactElement<TabItemProps>[] = [];
  for (const child of Children.toArray(children)) {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment) {
      items.push(...tabItemsOf(child.props.children));
    } else if (isValidElement<TabItemProps>(child) && typeof child.props.value === 'string') {
      items.push(child);
    } else if (!(typeof child === 'string' && child.trim() === '')) {
      throw new Error(
        `Bad <Tabs> child ${describeChild(child)}: every child of <Tabs> must be a <TabItem> with a "value" prop. Wrap it in <TabItem value="...">, or move it out of <Tabs>.`,
      );
    }
  }
  return items;
}

function describeChild(child: ReactNode): string {
  if (!isValidElement(child)) return JSON.stringify(String(child).slice(0, 40));
  const { type } = child;
  const name = typeof type === 'string' ? type : (type as { name?: string }).name || 'Component';
  return `<${name}>${typeof type === 'string' ? '' : ' (a <TabItem> needs a string "value")'}`;
}

function rejectDuplicates(tabs: readonly TabValue[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { value } of tabs) (seen.has(value) ? duplicates : seen).add(value);
  if (duplicates.size === 0) return;
  throw new Error(
    `Duplicate values "${[...duplicates].join(', ')}" found in <Tabs>: every tab needs its own value. Rename the repeated one.`,
  );
}

function selectedValue(
  props: TabsProps,
  tabs: readonly TabValue[],
  panels: readonly ReactElement<TabItemProps>[],
): string | null {
  if (props.defaultValue === null) return null;
  const chosen = props.defaultValue ?? panels.find((panel) => panel.props.default)?.props.value ?? tabs[0]?.value;
  if (chosen === undefined || tabs.some((tab) => tab.value === chosen)) return chosen ?? null;
  const values = tabs.map((tab) => `"${tab.value}"`).join(', ');
  throw new Error(
    `<Tabs> has defaultValue "${chosen}" but no tab has that value (the values are ${values}). Use one of them, or defaultValue={null} to select no tab.`,
  );
}

function queryKeyOf({ queryString, groupId }: TabsProps): string | undefined {
  if (typeof queryString === 'string' && queryString !== '') return queryString;
  if (queryString !== true) return undefined;
  if (groupId) return groupId;
  throw new Error(
    '<Tabs queryString> needs a parameter name: add groupId="..." (its name is used) or write queryString="my-param".',
  );
}
