import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  canCloseTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  readTabs,
  useTabs,
  writeTabs,
  type Tab,
} from '../model/tabs';
import { useConfirmClose } from '../../../shared/ui/unsaved-changes-guard';
import styles from './tags-bar.module.css';

const hrefOf = (tab: Tab) => (tab.query ? `${tab.value}?${tab.query}` : tab.value);

/**
 * The tab bar of open pages (spec S0.2.17): close one, the others or all; the home tab and a lone tab stay;
 * closing the active tab opens the previous one.
 */
export function TagsBar({ activePath, labelOf }: { activePath: string; labelOf: (tab: Tab) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs();
  // A page with unsaved changes (a form being filled) asks before its tab closes.
  const confirmClose = useConfirmClose();
  const others = () =>
    readTabs()
      .filter((tab) => tab.value !== activePath)
      .map((tab) => tab.value);

  const close = (value: string) =>
    confirmClose([value], () => {
      const { tabs: next, active } = closeTab(readTabs(), value, activePath);
      writeTabs(next);
      if (active && active.value !== activePath) void navigate(hrefOf(active));
    });
  const closeOthers = () =>
    confirmClose(others(), () => {
      writeTabs(closeOtherTabs(readTabs(), activePath));
    });
  const closeAll = () =>
    confirmClose([activePath, ...others()], () => {
      const next = closeAllTabs();
      writeTabs(next);
      void navigate(hrefOf(next[0]!));
    });

  // A tab list may own only tabs (WCAG 4.1.2; axe aria-required-children): the close buttons antd puts
  // beside each tab are for the pointer only, taken out of the accessibility tree and the tab order. The
  // keyboard and screen readers close tabs with the menu next to the strip (close current/others/all).
  const navRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    for (const button of navRef.current?.querySelectorAll('[role="tablist"] button') ?? []) {
      button.setAttribute('aria-hidden', 'true');
      button.setAttribute('tabindex', '-1');
    }
  });

  return (
    <nav ref={navRef} className={styles.bar} aria-label={t('layout.tabs')}>
      <Tabs
        className={styles.tabs}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onChange={(key) => {
          const tab = tabs.find((item) => item.value === key);
          if (tab) void navigate(hrefOf(tab));
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          label: labelOf(tab),
          closable: canCloseTab(tabs, tab.value),
          closeIcon: <CloseOutlined aria-label={t('layout.closeTab', { name: labelOf(tab) })} />,
        }))}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'current', label: t('layout.closeCurrent'), disabled: !canCloseTab(tabs, activePath) },
            { key: 'others', label: t('layout.closeOthers'), disabled: tabs.length <= 2 },
            { key: 'all', label: t('layout.closeAll'), disabled: tabs.length <= 1 },
          ],
          onClick: ({ key }) => {
            if (key === 'current') close(activePath);
            else if (key === 'others') closeOthers();
            else closeAll();
          },
        }}
      >
        <Button size="small" className={styles.more} icon={<DownOutlined />} iconPlacement="end">
          {t('layout.tabActions')}
        </Button>
      </Dropdown>
    </nav>
  );
}
