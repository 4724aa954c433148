export * from './products.table';
export { productRoutes } from './products.routes';
