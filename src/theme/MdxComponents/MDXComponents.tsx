/**
 * `@theme/MDXComponents`: the element overrides MDX content renders with, as Docusaurus maps them: headings with hash
 * links, `<details>`, `<pre><code>` blocks through the Markdown code block renderer, and `<admonition>`.
 */
import { isValidElement, type ComponentProps, type ReactNode } from 'react';
import { Admonition } from './Admonition.js';
import { CodeBlock } from './CodeBlock.js';
import { Details } from './Details.js';
import { Heading, type HeadingTag } from './Heading.js';

interface CodeElementProps {
  readonly className?: string;
  readonly children?: ReactNode;
  /** The fence's meta (`title="x" {1,3}`), when the MDX compile passes it on. */
  readonly metastring?: string;
  readonly 'data-meta'?: string;
}

/** A fenced block (`<pre><code class="language-js">`) as CodeBlock renders it; any other `<pre>` as it is. */
export function MDXPre({ children, ...rest }: ComponentProps<'pre'>) {
  if (!isValidElement<CodeElementProps>(children) || children.type !== 'code') return <pre {...rest}>{children}</pre>;
  const { className, metastring, 'data-meta': dataMeta, children: code } = children.props;
  return (
    <CodeBlock className={className} metastring={metastring ?? dataMeta}>
      {code}
    </CodeBlock>
  );
}

const heading = (as: HeadingTag) => {
  const Component = (props: Omit<ComponentProps<typeof Heading>, 'as'>) => <Heading as={as} {...props} />;
  Component.displayName = `MDX${as}`;
  return Component;
};

/** The overrides, by element name. */
export const MDXComponents = {
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
  details: Details,
  pre: MDXPre,
  admonition: Admonition,
};
