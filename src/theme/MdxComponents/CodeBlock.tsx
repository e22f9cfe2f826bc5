/** `<CodeBlock language="js" title="x" showLineNumbers>{code}</CodeBlock>`: the Markdown code block's HTML. */
import type { ReactNode } from 'react';
import { useMdxPage } from './context.js';
import { nodeText } from './text.js';

export interface CodeBlockProps {
  readonly children?: ReactNode;
  readonly language?: string;
  /** `language-js`, as MDX gives a fenced block's `<code>`. */
  readonly className?: string;
  /** The rest of a fence's info line: `title="x" {1,3}`. */
  readonly metastring?: string;
  readonly title?: ReactNode;
  /** `true`, or the first line's number. */
  readonly showLineNumbers?: boolean | number;
}

export function CodeBlock(props: CodeBlockProps) {
  const page = useMdxPage('CodeBlock');
  // Code ends at its last line: the fence's closing newline is not a line.
  const code = nodeText(props.children).replace(/\r?\n$/, '');
  return (
    <div className="mdx-html" dangerouslySetInnerHTML={{ __html: page.renderCodeBlock(code, codeBlockInfo(props)) }} />
  );
}

/** The fence info line the props stand for: `js title="x" showLineNumbers {1,3}`. */
export function codeBlockInfo({ language, className, metastring, title, showLineNumbers }: CodeBlockProps): string {
  const lang = language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1] ?? '';
  const parts = [lang, metastring?.trim() ?? ''];
  const titleText = title === undefined ? '' : nodeText(title);
  if (titleText !== '' && !/(?:^|\s)title=/.test(metastring ?? '')) parts.push(`title=${quoted(titleText)}`);
  if (showLineNumbers !== undefined && showLineNumbers !== false && !/showLineNumbers/.test(metastring ?? ''))
    parts.push(showLineNumbers === true ? 'showLineNumbers' : `showLineNumbers=${showLineNumbers}`);
  return parts.filter(Boolean).join(' ');
}

// The info line's parser (Docusaurus's) takes a title between matching quotes: pick the kind the title does not hold.
function quoted(text: string): string {
  return text.includes('"') && !text.includes("'") ? `'${text}'` : `"${text}"`;
}
