/** `<Admonition type="tip" title="...">`: the same box as a Markdown `:::tip` block. */
import type { ReactNode } from 'react';

// Docusaurus's types and the aliases its Markdown accepts (the engine's base.css styles each).
const TYPES = new Set(['note', 'tip', 'info', 'caution', 'danger', 'warning', 'important', 'success', 'secondary']);

export interface AdmonitionProps {
  readonly type?: string;
  readonly title?: ReactNode;
  /** Docusaurus's custom icon: the engine's boxes draw theirs with CSS, so it is not shown. */
  readonly icon?: ReactNode;
  readonly className?: string;
  readonly children?: ReactNode;
}

export function Admonition({ type = 'note', title, className, children }: AdmonitionProps) {
  const known = type.toLowerCase();
  // An unknown type is shown as info, as Docusaurus does.
  const kind = TYPES.has(known) ? known : 'info';
  return (
    <div className={['admonition', `admonition-${kind}`, className].filter(Boolean).join(' ')}>
      <p className="admonition-heading">{title ?? kind}</p>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
