import type { MenuNode } from '@psy/contracts';

let nextId = 1;

/** A visible menu entry (type 0) with every field filled; the fields given override the defaults. */
export function menuNode(fields: Partial<MenuNode> = {}): MenuNode {
  const id = fields.id ?? nextId++;
  return {
    id,
    parentId: null,
    menuCode: `m${id}`,
    label: `Menu ${id}`,
    path: null,
    icon: null,
    permission: null,
    type: 0,
    sort: id,
    isHidden: false,
    keepAlive: false,
    group: null,
    query: null,
    meta: { roles: [] },
    children: [],
    ...fields,
  };
}
