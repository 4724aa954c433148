import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { MenuNode } from '@psy/contracts';
import { Breadcrumb, Button, Drawer, Layout } from 'antd';
import { Activity, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { decideRole, TokenTimers, usePortRoles, useSingleRoleSwitch } from '../../features/auth';
import { StartupDialogs } from '../../features/startup';
import { MessageNotifications } from '../../features/messages';
// Nothing but a store read until the user opens the import records (the rest is a lazy chunk).
import { ImportRecordsSlot } from '../../features/user-import/records-slot';
import { SiderTheme, usePreferences } from '../../features/preferences';
import {
  menuTrail,
  normalisePath,
  openTab,
  productIdOfNavigation,
  ProductNav,
  ProductTabs,
  readStoredProductId,
  readTabs,
  saveProductId,
  SidebarMenu,
  TagsBar,
  useActiveProduct,
  useProductMenus,
  useSwitchProduct,
  useTabs,
  writeTabs,
  type Tab,
} from '../../features/navigation';
import { setRequestContext } from '../../shared/api/request';
import { readActiveRoleId, saveActiveRoleId } from '../../shared/session/session-store';
import { useBrand } from '../../shared/theme/brand';
import { TenantLogo } from '../../shared/ui/tenant-logo';
import { useScreenClass } from '../../shared/ui/use-screen-class';
import { readStored, writeStored } from '../../shared/storage/storage';
import { RouteLoading } from '../routes/route-loading';
import { ROLE_SELECT_PATH } from '../../shared/lib/app-paths';
import { PageContext } from '../../shared/layout/page-context';
import { PageHost } from './page-host';
import { KNOWN_PATHS } from './page-registry';
import { resolvePage, SHELL_PATHS, type ResolvedPage } from './resolve-page';
import { TopBarActions } from './top-bar';
import { useSignOut } from './use-sign-out';
import styles from './app-layout.module.css';

/** Spec S0.2.18: the logo bar is 158 px wide collapsed and 320 px expanded. */
export const LOGO_BAR_WIDTH = { collapsed: 158, expanded: 320 } as const;
const SIDER_WIDTH = { collapsed: 64, expanded: 220 } as const;
const COLLAPSE_KEY = 'sidebar-collapsed';

const SHELL_LABEL_KEYS: Record<string, string> = {
  [SHELL_PATHS.home]: 'layout.home',
  [SHELL_PATHS.forbidden]: 'layout.forbidden',
  [SHELL_PATHS.notFound]: 'layout.notFound',
  [SHELL_PATHS.password]: 'layout.changePassword',
  [SHELL_PATHS.personalInfo]: 'layout.personalInfo',
  [SHELL_PATHS.formFill]: 'forms.fill.title',
};

/**
 * Pages that are kept alive but never get a tab (spec S0.2.14 `/pdfPreview`): opening one leaves the tab bar
 * as it is, and it keeps its state while the user goes back to a tab.
 */
const NOT_A_TAB = new Set(['/pdfPreview']);

function isSettled(page: ResolvedPage): boolean {
  return page.kind === 'shell' || page.kind === 'menu' || page.kind === 'embedded';
}

function menuOf(page: ResolvedPage): MenuNode | null {
  return page.kind === 'menu' || page.kind === 'embedded' ? page.menu : null;
}

/**
 * The main layout (spec S0.2.16-S0.2.19): header with the logo bar, product tabs and top bar; the
 * current product's menu; breadcrumb; tab bar; the open pages, kept alive when their menu entry says so.
 */
export function AppLayout() {
  const location = useLocation();
  const roles = usePortRoles();
  const singleRoleSwitch = useSingleRoleSwitch();
  const [roleId, setRoleId] = useState(readActiveRoleId);

  const decision =
    roles.isPending || singleRoleSwitch.isPending
      ? null
      : decideRole(roles.data ?? [], roleId, singleRoleSwitch.data ?? false);
  const autoRoleId = decision?.kind === 'auto' ? decision.roleId : null;
  useEffect(() => {
    // One usable role: chosen without asking (spec S0.4.13).
    if (autoRoleId === null) return;
    saveActiveRoleId(autoRoleId);
    setRoleId(autoRoleId);
  }, [autoRoleId]);

  if (!decision || decision.kind === 'auto') return <RouteLoading />;
  if (decision.kind === 'none' || decision.kind === 'choose') {
    return <Navigate to={ROLE_SELECT_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Shell />;
}

function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const brand = useBrand();
  const screen = useScreenClass();
  const isPhone = screen === 0;
  const signOut = useSignOut();
  // Settings panel switches (spec S0.1.6): tags, collapse and top menu are parts of this layout.
  const { switches } = usePreferences();
  const [collapsed, setCollapsed] = useState(
    () => readStored<boolean>(COLLAPSE_KEY, { lasting: true }) ?? false,
  );
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isProductNavOpen, setProductNavOpen] = useState(false);
  // A product switch comes with its page (useSwitchProduct): shown together, then stored.
  const openedFor = productIdOfNavigation(location.state);
  const nav = useActiveProduct(openedFor);
  const productId = nav.active?.id ?? null;
  useEffect(() => {
    if (openedFor !== null && productId === openedFor && readStoredProductId() !== openedFor)
      saveProductId(openedFor);
  }, [openedFor, productId, location.key]);
  const switchProduct = useSwitchProduct();
  const tabs = useTabs();
  const path = normalisePath(location.pathname);

  const activeSource = nav.active && !nav.isLoading ? { product: nav.active, menu: nav.menu } : null;
  const firstTry = resolvePage(path, activeSource, null, KNOWN_PATHS);
  const others = useProductMenus(nav.products, firstTry.kind === 'pending' && activeSource !== null);
  const page =
    firstTry.kind === 'pending' && activeSource && !others.isLoading
      ? resolvePage(path, activeSource, others.menus, KNOWN_PATHS)
      : firstTry;

  // Pages already shown, so kept-alive tabs render while another one is active.
  const shown = useRef(new Map<string, ResolvedPage>());
  if (isSettled(page)) shown.current.set(path, page);

  // What to do about an unsettled page, once per path: keyed, because `page` is a new object every render.
  const redirectKey =
    page.kind === 'elsewhere'
      ? `product:${page.product.id}`
      : page.kind === 'forbidden' || page.kind === 'notFound'
        ? page.kind
        : null;
  useEffect(() => {
    if (redirectKey === null) return;
    if (redirectKey.startsWith('product:')) saveProductId(Number(redirectKey.slice('product:'.length)));
    else
      void navigate(redirectKey === 'forbidden' ? SHELL_PATHS.forbidden : SHELL_PATHS.notFound, {
        replace: true,
      });
  }, [redirectKey, path, navigate]);

  const activeMenu = menuOf(page);
  const search = location.search.slice(1);
  // The tab is recorded when the shown page changes, not on every render: a render caused by closing this
  // very tab (before the navigation away) must not open it again.
  const shownKey = isSettled(page) ? `${path}?${search}#${activeMenu?.id ?? ''}` : null;
  const activeMenuRef = useRef(activeMenu);
  activeMenuRef.current = activeMenu;
  // The last query of each page without a tab, to show it again as it was while hidden.
  const untabbedQuery = useRef(new Map<string, string>());
  useEffect(() => {
    if (shownKey === null) return;
    const menu = activeMenuRef.current;
    const tab: Tab = menu
      ? { label: menu.label, value: path, query: search, menuId: menu.id }
      : { label: '', labelKey: SHELL_LABEL_KEYS[path], value: path, query: search };
    if (NOT_A_TAB.has(path)) untabbedQuery.current.set(path, search);
    else writeTabs(openTab(readTabs(), tab));
    setRequestContext({ productId, menuCode: menu?.menuCode ?? null, menuId: menu?.id ?? null });
  }, [shownKey, path, search, productId]);

  // Closed tabs leave the keep-alive cache.
  useEffect(() => {
    const open = new Set(tabs.map((tab) => tab.value));
    for (const key of shown.current.keys()) {
      if (!open.has(key) && !NOT_A_TAB.has(key)) shown.current.delete(key);
    }
  }, [tabs]);

  const labelOf = (tab: Tab) => {
    const cached = menuOf(shown.current.get(tab.value) ?? { kind: 'pending' });
    if (cached) return cached.label;
    return tab.labelKey ? t(tab.labelKey as 'layout.home') : tab.label;
  };

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      writeStored(COLLAPSE_KEY, !value, { lasting: true });
      return !value;
    });
  };

  const trail = activeMenu ? menuTrail(nav.menu, activeMenu.id) : [];
  const systemTitle = brand.systemTitle ?? t('app.title');
  const isLogoCollapsed = collapsed || screen < 2;
  const logoWidth = isLogoCollapsed ? LOGO_BAR_WIDTH.collapsed : LOGO_BAR_WIDTH.expanded;

  const sidebar = (
    <SidebarMenu
      menu={nav.menu}
      activeMenu={activeMenu}
      collapsed={!isPhone && collapsed}
      onOpened={() => setDrawerOpen(false)}
    />
  );

  const untabbed: Tab[] = [...NOT_A_TAB]
    .filter((value) => (value === path || shown.current.has(value)) && !tabs.some((t) => t.value === value))
    .map((value) => ({ label: '', value, query: untabbedQuery.current.get(value) ?? '' }));
  const visibleTabs = [...tabs, ...untabbed].filter((tab) => {
    if (tab.value === path) return isSettled(page);
    const cached = shown.current.get(tab.value);
    return (
      cached !== undefined &&
      (cached.kind === 'shell' || NOT_A_TAB.has(tab.value) || menuOf(cached)?.keepAlive === true)
    );
  });

  return (
    <Layout className={styles.layout} style={{ '--brand-color': brand.primaryColor } as CSSProperties}>
      <Layout.Header className={styles.header}>
        <div className={styles.headerRow}>
          <div className={styles.logoBar} style={{ width: isPhone ? 'auto' : logoWidth }}>
            {isPhone && (
              <Button
                type="text"
                icon={<MenuUnfoldOutlined />}
                aria-label={t('layout.openMenu')}
                onClick={() => setDrawerOpen(true)}
              />
            )}
            <TenantLogo
              src={brand.logo}
              alt={t('app.logoAlt', { name: systemTitle })}
              color={brand.primaryColor}
              height={32}
            />
            {!isLogoCollapsed && <span className={styles.systemTitle}>{systemTitle}</span>}
            <Button
              type="text"
              className={styles.allProducts}
              icon={<AppstoreOutlined />}
              aria-label={t('layout.allProducts')}
              title={t('layout.allProducts')}
              onClick={() => setProductNavOpen(true)}
            />
          </div>
          <TopBarActions compact={isPhone} />
        </div>
        {screen >= 2 && switches.topMenu && (
          <div className={styles.productRow}>
            <ProductTabs
              products={nav.products}
              active={nav.active}
              onSelect={(product) => switchProduct(product)}
            />
          </div>
        )}
        {/* Spec S0.4.1, S0.4.14: the start-up dialogs and the token timers, once per signed-in layout. */}
        <StartupDialogs onLogout={signOut.logOut} onPasswordChanged={() => signOut.leave()} />
        <TokenTimers onSessionLost={(logoutRedirect) => signOut.leave(logoutRedirect)} />
        <ProductNav open={isProductNavOpen} onClose={() => setProductNavOpen(false)} />
      </Layout.Header>
      <Layout className={styles.body}>
        {isPhone ? (
          <Drawer
            placement="left"
            open={isDrawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={280}
            title={nav.active?.productName}
            styles={{ body: { padding: 0 } }}
          >
            {sidebar}
          </Drawer>
        ) : (
          <SiderTheme>
            <Layout.Sider
              className={styles.sider}
              theme="light"
              width={SIDER_WIDTH.expanded}
              collapsedWidth={SIDER_WIDTH.collapsed}
              collapsed={collapsed}
              trigger={null}
              collapsible
            >
              <nav aria-label={t('layout.sideMenu')} className={styles.siderNav}>
                {sidebar}
              </nav>
              {switches.collapse && (
                <Button
                  type="text"
                  className={styles.collapse}
                  icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={toggleCollapsed}
                  aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
                />
              )}
            </Layout.Sider>
          </SiderTheme>
        )}
        <Layout className={styles.main}>
          <Breadcrumb
            className={styles.breadcrumb}
            items={[
              { title: nav.active?.productName ?? '' },
              ...(trail.length
                ? trail.map((node) => ({ title: node.label }))
                : [
                    {
                      title: labelOf({ label: '', labelKey: SHELL_LABEL_KEYS[path], value: path, query: '' }),
                    },
                  ]),
            ]}
          />
          {switches.tags && <TagsBar activePath={path} labelOf={labelOf} />}
          <Layout.Content className={styles.content} id="main-content">
            {!isSettled(page) && <RouteLoading embedded />}
            {visibleTabs.map((tab) => {
              const resolved = tab.value === path ? page : shown.current.get(tab.value)!;
              const isActive = tab.value === path;
              return (
                <Activity key={tab.value} mode={isActive ? 'visible' : 'hidden'}>
                  <PageContext.Provider
                    value={{
                      path: tab.value,
                      search: new URLSearchParams(isActive ? location.search : tab.query),
                      menu: menuOf(resolved),
                      isActive,
                    }}
                  >
                    <PageHost page={resolved} />
                  </PageContext.Provider>
                </Activity>
              );
            })}
          </Layout.Content>
        </Layout>
      </Layout>
      <MessageNotifications />
      <ImportRecordsSlot />
    </Layout>
  );
}
