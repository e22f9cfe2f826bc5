/** `<Details summary="...">` and MDX's `<details><summary>...</summary>...</details>`: a native disclosure. */
import { Children, isValidElement, type ReactNode } from 'react';

export interface DetailsProps {
  /** A string, or a `<summary>` element; else a `<summary>` child is used, else "Details". */
  readonly summary?: ReactNode;
  readonly open?: boolean;
  readonly className?: string;
  readonly children?: ReactNode;
}

export function Details({ summary, open, className, children }: DetailsProps) {
  const all = Children.toArray(children);
  const isSummary = (child: ReactNode) => isValidElement(child) && child.type === 'summary';
  const summaryChild = all.find(isSummary);
  const heading = summary ?? summaryChild ?? 'Details';
  return (
    <details className={['details', className].filter(Boolean).join(' ')} open={open}>
      {isSummary(heading) ? heading : <summary>{heading}</summary>}
      <div>{all.filter((child) => !isSummary(child))}</div>
    </details>
  );
}
