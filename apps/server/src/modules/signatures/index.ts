export * from './signatures.table';
export { signatureRoutes } from './signatures.routes';
export { signatureImage } from './signatures.service';
