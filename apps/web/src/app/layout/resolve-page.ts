import type { MenuNode } from '@psy/contracts';
import {
  findMenuById,
  findMenuByPath,
  isExternalUrl,
  normalisePath,
} from '../../features/navigation/lib/menu';
import type { Product } from '../../features/navigation/api/products';
import { HOME_PATH } from '../../shared/lib/app-paths';

/** Pages of the shell itself, open to every signed-in user whatever their menu. */
export const SHELL_PATHS = {
  home: HOME_PATH,
  forbidden: '/403',
  notFound: '/404',
  /** Spec S0.2.25: the password change screen (`?from=self` asks for the old password). */
  password: '/userinfo/password',
  /** Spec S0.2.14: the signed-in user's own information (`/userinfo` redirects here). */
  personalInfo: '/userinfo/index',
  /** Issue 6: a signed-in user fills a form or reads an answer (`?formId=&eventSign=` or `?answerId=`). */
  formFill: '/forms/fill',
} as const;

export type ShellPageKey = keyof typeof SHELL_PATHS;

export type ResolvedPage =
  | { kind: 'shell'; key: ShellPageKey }
  | { kind: 'menu'; menu: MenuNode; product: Product }
  | { kind: 'embedded'; menu: MenuNode; product: Product; url: string }
  | { kind: 'elsewhere'; product: Product }
  | { kind: 'forbidden' }
  | { kind: 'notFound' }
  | { kind: 'pending' };

export interface MenuSource {
  product: Product;
  menu: readonly MenuNode[];
}

const EMBEDDED_PREFIX = '/myiframe/';

/**
 * Which page a path shows (spec S0.2.9, S0.2.10, S0.2.13): a shell page; an entry of the active product's
 * menu (or the embedded page of an external entry); an entry of another product of the user (then that
 * product becomes active); a page the app has but the user's menu lacks (403); or nothing (404).
 * `others` is null while the other products' menus are not loaded yet.
 */
export function resolvePage(
  path: string,
  active: MenuSource | null,
  others: readonly MenuSource[] | null,
  knownPaths: ReadonlySet<string>,
): ResolvedPage {
  const clean = normalisePath(path);
  const shell = (Object.keys(SHELL_PATHS) as ShellPageKey[]).find((key) => SHELL_PATHS[key] === clean);
  if (shell) return { kind: 'shell', key: shell };
  if (!active) return { kind: 'pending' };

  if (clean.startsWith(EMBEDDED_PREFIX)) {
    const id = Number(clean.slice(EMBEDDED_PREFIX.length));
    for (const source of [active, ...(others ?? [])]) {
      const menu = Number.isInteger(id) ? findMenuById(source.menu, id) : null;
      if (menu && isExternalUrl(menu.path)) {
        return source === active
          ? { kind: 'embedded', menu, product: source.product, url: menu.path }
          : { kind: 'elsewhere', product: source.product };
      }
    }
    return others === null ? { kind: 'pending' } : { kind: 'notFound' };
  }

  const own = findMenuByPath(active.menu, clean);
  if (own) return { kind: 'menu', menu: own, product: active.product };
  if (others === null) return { kind: 'pending' };
  const other = others.find(
    (source) => source.product.id !== active.product.id && findMenuByPath(source.menu, clean),
  );
  if (other) return { kind: 'elsewhere', product: other.product };
  return knownPaths.has(clean) ? { kind: 'forbidden' } : { kind: 'notFound' };
}
