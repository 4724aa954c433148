export * from './auth.table';
export { authRoutes } from './auth.routes';
export { createRequestGate } from './auth.gate';
export { createDevSmsSender, createHttpSmsSender, type SmsSender } from './sms-sender';
export { revokeUserTokens, type AuthDeps } from './auth.service';
export { purgeExpired } from './auth.repository';
