import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/memory-storage';
import {
  canCloseTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  HOME_TAB,
  normaliseTabs,
  openTab,
  readTabs,
  TAB_CAP,
  writeTabs,
  type Tab,
} from './tabs';

const tab = (n: number): Tab => ({ label: `Page ${n}`, value: `/page/${n}`, query: '' });

describe('tab bar', () => {
  it('always keeps the home tab first', () => {
    expect(normaliseTabs([])).toEqual([HOME_TAB]);
    expect(normaliseTabs([tab(1), HOME_TAB]).map((t) => t.value)).toEqual([HOME_TAB.value, '/page/1']);
  });

  it('opens a page once and refreshes its query when opened again', () => {
    let tabs = openTab([HOME_TAB], tab(1));
    tabs = openTab(tabs, { ...tab(1), query: 'id=3' });
    expect(tabs.map((t) => t.value)).toEqual([HOME_TAB.value, '/page/1']);
    expect(tabs[1]!.query).toBe('id=3');
  });

  it('is capped at 10: the oldest tab goes, the home tab stays [spec:S0.2.17] [spec:S0.9.4]', () => {
    let tabs = [HOME_TAB];
    for (let n = 1; n <= 12; n += 1) tabs = openTab(tabs, tab(n));
    expect(tabs).toHaveLength(TAB_CAP);
    expect(TAB_CAP).toBe(10);
    expect(tabs[0]).toEqual(HOME_TAB);
    expect(tabs.slice(1).map((t) => t.value)).toEqual(
      [4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `/page/${n}`),
    );
  });

  it('cannot close the home tab or the only tab [spec:S0.2.17]', () => {
    expect(canCloseTab([HOME_TAB], HOME_TAB.value)).toBe(false);
    expect(canCloseTab([HOME_TAB, tab(1)], HOME_TAB.value)).toBe(false);
    expect(canCloseTab([HOME_TAB, tab(1)], '/page/1')).toBe(true);
    expect(closeTab([HOME_TAB, tab(1)], HOME_TAB.value, HOME_TAB.value).tabs).toHaveLength(2);
  });

  it('opens the previous tab when the active one closes [spec:S0.2.17]', () => {
    const tabs = [HOME_TAB, tab(1), tab(2), tab(3)];
    const closedActive = closeTab(tabs, '/page/2', '/page/2');
    expect(closedActive.tabs.map((t) => t.value)).toEqual([HOME_TAB.value, '/page/1', '/page/3']);
    expect(closedActive.active?.value).toBe('/page/1');
    const closedOther = closeTab(tabs, '/page/1', '/page/3');
    expect(closedOther.active?.value).toBe('/page/3');
    expect(closeTab([HOME_TAB, tab(1)], '/page/1', '/page/1').active).toEqual(HOME_TAB);
  });

  it('closes the others (home stays) or all [spec:S0.2.17]', () => {
    const tabs = [HOME_TAB, tab(1), tab(2), tab(3)];
    expect(closeOtherTabs(tabs, '/page/2').map((t) => t.value)).toEqual([HOME_TAB.value, '/page/2']);
    expect(closeOtherTabs(tabs, HOME_TAB.value)).toEqual([HOME_TAB]);
    expect(closeAllTabs()).toEqual([HOME_TAB]);
  });

  describe('storage', () => {
    beforeEach(() => vi.stubGlobal('sessionStorage', new MemoryStorage()));
    afterEach(() => vi.unstubAllGlobals());

    it('is kept on the client and survives junk [spec:S0.2.17] [spec:S0.9.11]', () => {
      writeTabs([HOME_TAB, tab(1)]);
      expect(sessionStorage.getItem('psy-tags')).toContain('/page/1');
      expect(readTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/page/1']);
      sessionStorage.setItem('psy-tags', '{not json');
      expect(readTabs()).toEqual([HOME_TAB]);
    });
  });
});
