export {
  isNavigableProduct,
  navigationQueryKeys,
  productsQueryKey,
  productsQueryOptions,
  sortProducts,
  useProductMenu,
  useProductMenus,
  useProducts,
  type Product,
} from './api/products';
export { useActiveProduct } from './api/use-active-product';
export {
  productIdOfNavigation,
  readStoredProductId,
  resolveActiveProduct,
  saveProductId,
  useStoredProductId,
} from './model/active-product';
export {
  canCloseTab,
  clearTabs,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  HOME_TAB,
  isHomeTab,
  openTab,
  readTabs,
  TAB_CAP,
  useTabs,
  writeTabs,
  type Tab,
} from './model/tabs';
export * from './lib/menu';
export { menuHref, opensNewWindow, useOpenMenu } from './lib/open-menu';
export { TagsBar } from './components/tags-bar';
export { SidebarMenu } from './components/sidebar-menu';
export { ProductTabs } from './components/product-tabs';
export { PRODUCT_SWITCH_DELAY_MS, useSwitchProduct } from './api/use-switch-product';
export { menuQueryOptions } from './api/products';
export { MenuIcon } from './components/menu-icon';
export { topBarProducts, TOP_BAR_PRODUCT_MAX } from './components/product-tabs';
export { ProductNav } from './components/product-nav';
export { SleepJumpButton } from './components/sleep-jump-button';
export { useSaveUserProducts } from './api/save-user-products';
export { menuSettingsQueryOptions } from './api/menu-settings';
export * from './lib/favourites';
export * from './lib/hover-intent';
export * from './lib/menu-pruning';
export * from './lib/product-jumps';
