export * from './client-logs.table';
export { clientLogRoutes } from './client-logs.routes';
