import type { MenuNode } from '@psy/contracts';

/** Products whose menus the all-app settings prune (spec S0.4.4). */
export const SETTING_PRUNED_PRODUCTS: readonly string[] = [
  'CONSULT',
  'APPOINTMENT',
  'IMPORTANT_FOCUS_ON',
  'FIRST_INTERVIEW',
  'ECNU_CONSULT',
];

/** The all-app settings (spec S0.7.8) that can switch menu entries (singleRoleSwitch is not one). */
export const MENU_SETTING_CODES = ['zxyyms', 'yymssz', 'sfqyycdy', 'ytmssz'] as const;
export type MenuSettingCode = (typeof MENU_SETTING_CODES)[number];

/** Whether each setting is switched on for the school; a school without the record has it off. */
export type MenuSettings = Partial<Record<MenuSettingCode, boolean>>;

export interface MenuCondition {
  code: MenuSettingCode;
  /** true: the entry needs the setting on; false (`!code`): it needs the setting off. */
  whenEnabled: boolean;
}

const isMenuSettingCode = (value: string): value is MenuSettingCode =>
  (MENU_SETTING_CODES as readonly string[]).includes(value);

export function isSettingPrunedProduct(productCode: string): boolean {
  return SETTING_PRUNED_PRODUCTS.includes(productCode);
}

/**
 * The setting conditions a menu entry's `group` names: a list separated by commas or spaces of setting
 * codes, each optionally negated with `!`. Words that are not setting codes are ordinary groups and ignored.
 */
export function menuConditions(group: string | null | undefined): MenuCondition[] {
  if (!group) return [];
  return group
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .flatMap((word): MenuCondition[] => {
      const negated = word.startsWith('!');
      const code = negated ? word.slice(1) : word;
      return isMenuSettingCode(code) ? [{ code, whenEnabled: !negated }] : [];
    });
}

export function isMenuEntryAllowed(node: Pick<MenuNode, 'group'>, settings: MenuSettings): boolean {
  return menuConditions(node.group).every(
    ({ code, whenEnabled }) => (settings[code] === true) === whenEnabled,
  );
}

/**
 * Spec S0.4.4: the menu of CONSULT, APPOINTMENT, IMPORTANT_FOCUS_ON, FIRST_INTERVIEW or ECNU_CONSULT
 * without the entries the school's settings switch off (rule in docs/navigation.md): an entry whose
 * conditions fail goes with its subtree, and a container left without children and without a page goes
 * too. Menus of other products are returned as they are.
 */
export function pruneMenuBySettings(
  productCode: string,
  nodes: readonly MenuNode[],
  settings: MenuSettings,
): MenuNode[] {
  if (!isSettingPrunedProduct(productCode)) return [...nodes];
  return pruneNodes(nodes, settings);
}

function pruneNodes(nodes: readonly MenuNode[], settings: MenuSettings): MenuNode[] {
  return nodes.flatMap((node) => {
    if (!isMenuEntryAllowed(node, settings)) return [];
    const children = pruneNodes(node.children, settings);
    const lostAllChildren = node.children.length > 0 && children.length === 0;
    if (lostAllChildren && !node.path) return [];
    return [{ ...node, children }];
  });
}
