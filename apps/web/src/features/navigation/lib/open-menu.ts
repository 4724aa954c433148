import type { MenuNode } from '@psy/contracts';
import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { isExternalUrl, menuQuery, menuRoutePath } from './menu';

/** A menu entry whose query says `target=_blank` opens its external address in a new window. */
export function opensNewWindow(menu: MenuNode): boolean {
  return isExternalUrl(menu.path) && menuQuery(menu).target === '_blank';
}

/** Address of a menu entry in the app: route path plus the entry's query (without `target`). */
export function menuHref(menu: MenuNode): string | null {
  const path = menuRoutePath(menu);
  if (!path) return null;
  const { target: _target, ...query } = menuQuery(menu);
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Opens a menu entry (spec S0.4.15): an external link in a new window, anything else by navigation, which
 * records it in the tab bar.
 */
export function useOpenMenu() {
  const navigate = useNavigate();
  return useCallback(
    async (menu: MenuNode, options: Pick<NavigateOptions, 'state'> = {}): Promise<void> => {
      if (opensNewWindow(menu)) {
        window.open(menu.path!, '_blank', 'noopener,noreferrer');
        return;
      }
      const href = menuHref(menu);
      if (href) await navigate(href, options);
    },
    [navigate],
  );
}
