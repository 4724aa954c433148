export * from './webauthn.table';
export { webauthnRoutes } from './webauthn.routes';
