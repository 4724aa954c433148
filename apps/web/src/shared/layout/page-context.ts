import type { MenuNode } from '@psy/contracts';
import { createContext, useContext } from 'react';

/** The page a component sits in: with kept-alive tabs, the address bar may show another page. */
export interface PageInfo {
  path: string;
  search: URLSearchParams;
  menu: MenuNode | null;
  isActive: boolean;
}

export const PageContext = createContext<PageInfo | null>(null);

export function usePageInfo(): PageInfo {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePageInfo is used outside a page of the layout');
  return page;
}
