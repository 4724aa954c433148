export * from './signatures.table';
export { signatureRoutes } from './signatures.routes';
