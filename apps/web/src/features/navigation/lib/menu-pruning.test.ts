import type { MenuNode } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  isSettingPrunedProduct,
  menuConditions,
  pruneMenuBySettings,
  SETTING_PRUNED_PRODUCTS,
} from './menu-pruning';
import { menuNode } from '../../../test/menu-node';

const node = (
  label: string,
  group: string | null,
  children: MenuNode[] = [],
  path: string | null = `/${label}`,
): MenuNode => menuNode({ menuCode: label, label, path, sort: 0, group, children });
const labels = (nodes: readonly MenuNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.label]: labels(n.children) } : n.label));

describe('menu pruning by settings', () => {
  it('applies to CONSULT, APPOINTMENT, IMPORTANT_FOCUS_ON, FIRST_INTERVIEW and ECNU_CONSULT only [spec:S0.4.4]', () => {
    expect(SETTING_PRUNED_PRODUCTS).toEqual([
      'CONSULT',
      'APPOINTMENT',
      'IMPORTANT_FOCUS_ON',
      'FIRST_INTERVIEW',
      'ECNU_CONSULT',
    ]);
    expect(['CRISIS', 'PLANTEST', 'SYSTEM', 'SLEEP'].some(isSettingPrunedProduct)).toBe(false);
    const menu = [node('a', 'zxyyms')];
    expect(labels(pruneMenuBySettings('CRISIS', menu, {}))).toEqual(['a']);
    expect(labels(pruneMenuBySettings('CONSULT', menu, {}))).toEqual([]);
  });

  it('reads setting conditions from the group: codes, !codes, lists; other words are ordinary groups [spec:S0.4.4] [spec:S0.7.8]', () => {
    expect(menuConditions(null)).toEqual([]);
    expect(menuConditions('records')).toEqual([]);
    expect(menuConditions('zxyyms')).toEqual([{ code: 'zxyyms', whenEnabled: true }]);
    expect(menuConditions('records, !ytmssz sfqyycdy')).toEqual([
      { code: 'ytmssz', whenEnabled: false },
      { code: 'sfqyycdy', whenEnabled: true },
    ]);
    // singleRoleSwitch is an all-app setting but not a menu one.
    expect(menuConditions('singleRoleSwitch')).toEqual([]);
  });

  it('removes an entry whose setting is off or missing, keeps it when on; !code is the reverse [spec:S0.4.4]', () => {
    const menu = [node('plain', null), node('modeOn', 'yymssz'), node('modeOff', '!yymssz')];
    expect(labels(pruneMenuBySettings('APPOINTMENT', menu, { yymssz: true }))).toEqual(['plain', 'modeOn']);
    expect(labels(pruneMenuBySettings('APPOINTMENT', menu, { yymssz: false }))).toEqual(['plain', 'modeOff']);
    expect(labels(pruneMenuBySettings('APPOINTMENT', menu, {}))).toEqual(['plain', 'modeOff']);
  });

  it('needs every condition of a list to hold [spec:S0.4.4]', () => {
    const menu = [node('both', 'zxyyms,sfqyycdy')];
    expect(labels(pruneMenuBySettings('CONSULT', menu, { zxyyms: true }))).toEqual([]);
    expect(labels(pruneMenuBySettings('CONSULT', menu, { zxyyms: true, sfqyycdy: true }))).toEqual(['both']);
  });

  it('removes a pruned entry with its subtree, and a container left empty, not a page left empty [spec:S0.4.4]', () => {
    const menu = [
      node('group', 'ytmssz', [node('child', null)], null),
      node('container', null, [node('onlyChild', 'ytmssz')], null),
      node('pageWithTabs', null, [node('tab', 'ytmssz')], '/page'),
      node('mixed', null, [node('kept', null), node('dropped', 'ytmssz')], null),
    ];
    expect(labels(pruneMenuBySettings('FIRST_INTERVIEW', menu, { ytmssz: false }))).toEqual([
      'pageWithTabs',
      { mixed: ['kept'] },
    ]);
    expect(labels(pruneMenuBySettings('FIRST_INTERVIEW', menu, { ytmssz: true }))).toEqual([
      { group: ['child'] },
      { container: ['onlyChild'] },
      { pageWithTabs: ['tab'] },
      { mixed: ['kept', 'dropped'] },
    ]);
  });
});
