/** Plain text of React children, for labels, hash-link titles and code blocks written as JSX children. */
import { isValidElement, type ReactNode } from 'react';

/** The text a node shows: strings and numbers, and the children of elements, in order. */
export function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map((child: ReactNode) => nodeText(child)).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeText(node.props.children);
  return '';
}
