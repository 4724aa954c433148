import type { MenuNode } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../features/navigation/api/products';
import { resolvePage, type MenuSource } from './resolve-page';
import { menuNode } from '../../test/menu-node';

const product = (id: number, productCode: string): Product => ({
  id,
  productName: productCode,
  productCode,
  type: 1,
  icon: null,
  tuck: 0,
  userSort: null,
  productRedirectUrl: null,
});

const entry = (id: number, path: string): MenuNode => menuNode({ id, path });

const consult: MenuSource = { product: product(1, 'CONSULT'), menu: [entry(11, '/consult/record/index')] };
const crisis: MenuSource = {
  product: product(2, 'CRISIS'),
  menu: [entry(21, '/crisisWarningDetails/index'), entry(22, 'https://external.example.edu/x')],
};
const known = new Set(['/admin/role/index']);

describe('resolvePage', () => {
  it('serves the shell pages to everyone [spec:S0.2.6] [spec:S0.2.9]', () => {
    expect(resolvePage('/wel/index', null, null, known)).toEqual({ kind: 'shell', key: 'home' });
    expect(resolvePage('/404', null, null, known)).toEqual({ kind: 'shell', key: 'notFound' });
    expect(resolvePage('/403', null, null, known)).toEqual({ kind: 'shell', key: 'forbidden' });
  });

  it("finds an entry of the active product's menu [spec:S0.2.13]", () => {
    const page = resolvePage('/consult/record/index', consult, null, known);
    expect(page.kind).toBe('menu');
  });

  it('waits for the other products before deciding, then switches product [spec:S0.2.13]', () => {
    expect(resolvePage('/crisisWarningDetails/index', consult, null, known)).toEqual({ kind: 'pending' });
    expect(resolvePage('/crisisWarningDetails/index', consult, [consult, crisis], known)).toEqual({
      kind: 'elsewhere',
      product: crisis.product,
    });
  });

  it('answers 403 for a page of the app the menu does not grant, 404 for anything else [spec:S0.2.13] [spec:S0.6.4]', () => {
    expect(resolvePage('/admin/role/index', consult, [consult, crisis], known)).toEqual({
      kind: 'forbidden',
    });
    expect(resolvePage('/no/such/page', consult, [consult, crisis], known)).toEqual({ kind: 'notFound' });
  });

  it('opens an external entry in the embedded route [spec:S0.2.10]', () => {
    const page = resolvePage('/myiframe/22', crisis, [], known);
    expect(page).toMatchObject({ kind: 'embedded', url: 'https://external.example.edu/x' });
    expect(resolvePage('/myiframe/999', crisis, [], known)).toEqual({ kind: 'notFound' });
    expect(resolvePage('/myiframe/21', crisis, [], known)).toEqual({ kind: 'notFound' });
  });
});
