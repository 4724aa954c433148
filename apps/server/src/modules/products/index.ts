export * from './products.table';
export { productRoutes } from './products.routes';
export { getRoleGrantTree, saveRoleGrants } from './products.service';
export { findMenuPermissionKeys, findRoleMenuIds } from './products.repository';
