export * from './auth.table';
export { authRoutes } from './auth.routes';
export { createRequestGate } from './auth.gate';
export { createDevSmsSender, createHttpSmsSender, type SmsSender } from './sms-sender';
export { revokeUserTokens, svgCaptchaGenerator, type AuthDeps, type CaptchaGenerator } from './auth.service';
export {
  checkCaptcha,
  enforceLoginIpLimit,
  loginVerifiedUser,
  parseClientPort,
  type ClientInfo,
} from './auth.service';
export { hitRateLimit, purgeExpired } from './auth.repository';
export { limitUploads, UPLOAD_RATE } from './upload-limit';
export { getPasswordKey, decryptPassword, openRequestPasswords, openedPassword } from './password-key';
