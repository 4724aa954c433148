import type { MenuNode } from '@psy/contracts';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuRoutePath, visibleMenuTree, menuTrail } from '../lib/menu';
import { useOpenMenu } from '../lib/open-menu';
import { MenuIcon } from './menu-icon';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[]): Item[] {
  return nodes.map((node) =>
    node.children.length > 0
      ? {
          key: `group-${node.id}`,
          icon: <MenuIcon name={node.icon} />,
          label: node.label,
          children: toItems(node.children),
        }
      : { key: String(node.id), icon: <MenuIcon name={node.icon} />, label: node.label },
  );
}

/** The menu of the current product (spec S0.2.16 sidebar); hidden entries are routes, not items. */
export function SidebarMenu({
  menu,
  activeMenu,
  collapsed,
  onOpened,
}: {
  menu: readonly MenuNode[];
  activeMenu: MenuNode | null;
  collapsed: boolean;
  onOpened?: () => void;
}) {
  const { t } = useTranslation();
  const openMenu = useOpenMenu();
  const visible = useMemo(() => visibleMenuTree(menu), [menu]);
  const items = useMemo(() => toItems(visible), [visible]);
  const byId = useMemo(() => {
    const map = new Map<string, MenuNode>();
    const walk = (nodes: readonly MenuNode[]) =>
      nodes.forEach((n) => {
        map.set(String(n.id), n);
        walk(n.children);
      });
    walk(visible);
    return map;
  }, [visible]);
  const trail = activeMenu ? menuTrail(menu, activeMenu.id) : [];
  // A hidden detail page highlights the visible entry it belongs to.
  const selected = [...trail].reverse().find((n) => !n.isHidden && byId.has(String(n.id)));

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      aria-label={t('layout.sideMenu')}
      items={items}
      selectedKeys={selected ? [String(selected.id)] : []}
      defaultOpenKeys={trail.slice(0, -1).map((n) => `group-${n.id}`)}
      onClick={({ key }) => {
        const node = byId.get(key);
        if (node && menuRoutePath(node)) {
          void openMenu(node);
          onOpened?.();
        }
      }}
    />
  );
}
