/** `<Heading as="h2" id="x">`: the heading with the hash link Markdown headings have (src/node/markdown/headings.ts). */
import type { HTMLAttributes, ReactNode } from 'react';
import { nodeText } from './text.js';

export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  readonly as: HeadingTag;
  readonly id?: string;
  readonly children?: ReactNode;
}

export function Heading({ as: Tag, id, children, ...rest }: HeadingProps) {
  // Without an id there is nothing to link to; with one, every level gets the link, as Markdown headings do.
  if (!id) {
    return (
      <Tag id={id} {...rest}>
        {children}
      </Tag>
    );
  }
  const label = `Direct link to ${nodeText(children)}`;
  return (
    <Tag id={id} {...rest}>
      {children}
      <a href={`#${id}`} className="hash-link" aria-label={label} title={label}>
        {'\u200B'}
      </a>
    </Tag>
  );
}
