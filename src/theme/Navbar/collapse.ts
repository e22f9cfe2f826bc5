/** The height animation of the drawer's dropdowns (SPEC §4): the duration grows with the content's height. */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Docusaurus's `getAutoHeightDuration` (Material Design's dynamic duration): a taller list takes longer, but less than
 * in proportion. In ms.
 */
export function autoHeightDuration(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

const EASING = 'ease-in-out';

/** Collapsed: no height, and its links out of the tab order. */
function setCollapsed(element: HTMLElement): void {
  Object.assign(element.style, { height: '0px', overflow: 'hidden', visibility: 'hidden', transition: '' });
}

/** Expanded: its natural height, so content loaded later is not cut off. */
function setExpanded(element: HTMLElement): void {
  Object.assign(element.style, { height: '', overflow: '', visibility: '', transition: '' });
}

/**
 * Animates the element's height from where it is to 0 or to its content's height whenever `open` changes; with
 * prefers-reduced-motion it jumps there. The element starts collapsed when it first renders (mounted on first open).
 */
export function useCollapseAnimation(ref: RefObject<HTMLElement | null>, open: boolean): void {
  const started = useRef(false);
  // A layout effect runs before the next paint, so the list never shows at full height first.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const from = started.current ? element.getBoundingClientRect().height : 0;
    started.current = true;
    const settle = () => (open ? setExpanded(element) : setCollapsed(element));
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return settle();
    const to = open ? element.scrollHeight : 0;
    if (Math.abs(to - from) < 1) return settle(); // no change of height: no transition would end
    Object.assign(element.style, { height: `${from}px`, overflow: 'hidden', visibility: '', transition: 'none' });
    void element.offsetHeight; // the start height is laid out before the transition begins
    const frame = requestAnimationFrame(() => {
      element.style.transition = `height ${autoHeightDuration(element.scrollHeight)}ms ${EASING}`;
      element.style.height = `${to}px`;
    });
    const onEnd = (event: TransitionEvent) => {
      if (event.target === element && event.propertyName === 'height') settle();
    };
    element.addEventListener('transitionend', onEnd);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('transitionend', onEnd);
    };
  }, [ref, open]);
}
