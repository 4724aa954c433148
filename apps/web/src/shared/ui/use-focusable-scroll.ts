import { useEffect } from 'react';

/** The parts of an Ant Design table that scroll: sideways (`scroll.x`) and down (`scroll.y`). */
export const TABLE_SCROLL_PARTS = '.ant-table-content, .ant-table-body';

/**
 * Makes the scrolling parts inside the element `root` answers reachable by keyboard (tabindex 0), so that a keyboard user can
 * scroll them with the arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`). A table while it loads
 * scrolls with no button or link inside, so this runs after every render rather than when it overflows.
 */
export function useFocusableScroll(
  root: () => HTMLElement | null | undefined,
  selector = TABLE_SCROLL_PARTS,
): void {
  useEffect(() => {
    for (const part of root()?.querySelectorAll(selector) ?? []) {
      if (!part.hasAttribute('tabindex')) part.setAttribute('tabindex', '0');
    }
  });
}
