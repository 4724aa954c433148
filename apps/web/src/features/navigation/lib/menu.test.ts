import { describe, expect, it } from 'vitest';
import {
  cleanMenuTree,
  embeddedPagePath,
  findMenuByPath,
  firstLeaf,
  menuQuery,
  menuRoutePath,
  menuTrail,
  visibleMenuTree,
} from './menu';
import { menuHref, opensNewWindow } from './open-menu';
import { menuNode } from '../../../test/menu-node';

const node = menuNode;

const tree = [
  node({
    id: 10,
    label: 'Records',
    children: [
      node({ id: 11, path: '/consult/record/index', sort: 2 }),
      node({ id: 12, path: '/consult/record/wait', sort: 1 }),
      node({ id: 13, path: '/consult/record/detail', isHidden: true }),
      node({ id: 14, type: 1, path: null, permission: 'consult_add' }),
      node({ id: 15, path: '/easyTimeMoilbeShow/x' }),
    ],
  }),
  node({ id: 20, path: 'https://sleep.example.edu/app', query: 'target=_blank&a=1' }),
  node({ id: 30, path: 'https://library.example.edu/' }),
];

describe('menu', () => {
  const clean = cleanMenuTree(tree);

  it('drops buttons and removed /easyTimeMoilbeShow entries and sorts by sort [spec:S0.6.4]', () => {
    const records = clean[0]!;
    expect(records.children.map((n) => n.id)).toEqual([12, 11, 13]);
  });

  it('keeps hidden entries as routes but not in the sidebar [spec:S0.6.4] [spec:S0.2.13]', () => {
    expect(findMenuByPath(clean, '/consult/record/detail')?.id).toBe(13);
    expect(visibleMenuTree(clean)[0]!.children.map((n) => n.id)).toEqual([12, 11]);
  });

  it('finds an entry by path, ignoring a trailing slash and query [spec:S0.2.13]', () => {
    expect(findMenuByPath(clean, '/consult/record/index/')?.id).toBe(11);
    expect(findMenuByPath(clean, '/consult/record/index?x=1')?.id).toBe(11);
    expect(findMenuByPath(clean, '/nothing')).toBeNull();
  });

  it('sends external addresses to the embedded route, or a new window when asked [spec:S0.2.10] [spec:S0.4.15]', () => {
    const library = clean.find((n) => n.id === 30)!;
    const sleep = clean.find((n) => n.id === 20)!;
    expect(menuRoutePath(library)).toBe(embeddedPagePath(library));
    expect(embeddedPagePath(library)).toBe('/myiframe/30');
    expect(opensNewWindow(library)).toBe(false);
    expect(opensNewWindow(sleep)).toBe(true);
    expect(menuHref(sleep)).toBe('/myiframe/20?a=1');
  });

  it('opens the first visible leaf of a product', () => {
    expect(firstLeaf(clean)?.id).toBe(12);
    expect(firstLeaf([])).toBeNull();
  });

  it('gives the breadcrumb trail of an entry', () => {
    expect(menuTrail(clean, 11).map((n) => n.id)).toEqual([10, 11]);
    expect(menuTrail(clean, 999)).toEqual([]);
  });

  it('reads a menu query as text or JSON', () => {
    expect(menuQuery({ query: 'a=1&b=x' })).toEqual({ a: '1', b: 'x' });
    expect(menuQuery({ query: '{"type":2}' })).toEqual({ type: '2' });
    expect(menuQuery({ query: '{broken' })).toEqual({});
    expect(menuQuery({ query: null })).toEqual({});
  });
});
