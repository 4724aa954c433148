/** Request headers of the API (spec S0.7). Names are case-insensitive on the wire. */
export const HEADER = {
  authorization: 'authorization',
  tenantId: 'tenant-id',
  /** Active role chosen with the role switch (spec S0.6); required when single-role switching is on. */
  roleId: 'role-id',
  productId: 'product-id',
  menuCode: 'menu-code',
  menuId: 'menu-id',
  /** Client port: which client scope the caller is (role portPermission, spec S0.6). */
  clientPort: 'client-port',
  /** Signing headers (docs/api.md "Request signing"). */
  timestamp: 'x-timestamp',
  requestId: 'x-request-id',
  sign: 'x-sign',
  /** Suppresses error toasts in the web client; the server ignores it. */
  hidePopup: 'hide-popup',
} as const;

export const CLIENT_PORTS = ['pc', 'h5', 'app'] as const;
export type ClientPort = (typeof CLIENT_PORTS)[number];
