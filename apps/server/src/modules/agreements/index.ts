export * from './agreements.table';
export { agreementRoutes } from './agreements.routes';
