// markdown-it's own text rule, which @types/markdown-it does not declare: the text rule test compares against it.
declare module 'markdown-it/lib/rules_inline/text.mjs' {
  import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

  export default function text(state: StateInline, silent: boolean): boolean;
}
