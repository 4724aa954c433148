export { LoginForm, type LoginFormProps } from './components/login-form';
export { SmsLoginForm, type SmsLoginFormProps } from './components/sms-login-form';
export { IdCardLoginForm, type IdCardLoginFormProps } from './components/id-card-login-form';
export { loginByIdCard, useIdCardLogin, type IdCardLoginInput } from './api/login-by-id-card';
export { loginByPassword, usePasswordLogin, type PasswordLoginInput } from './api/login-by-password';
export { loginBySms, useSmsLogin, type SmsLoginInput } from './api/login-by-sms';
export { sendSmsCode, useSendSmsCode } from './api/send-sms-code';
export { logout, useLogout } from './api/logout';
export {
  authQueryKeys,
  getUserInfo,
  userInfoQueryOptions,
  useUserInfo,
  type UserInfo,
} from './api/get-user-info';
export {
  decideRole,
  orderRoles,
  portRolesQueryOptions,
  roleQueryKeys,
  singleRoleSwitchQueryOptions,
  userDetailQueryOptions,
  switchRole,
  usePortRoles,
  useSingleRoleSwitch,
  useUserDetail,
  type PortRole,
  type RoleDecision,
  type UserDetail,
} from './api/roles';
export { RoleSwitch, ROLE_SWITCH_RELOAD_MS } from './components/role-switch';
export { PasswordForm, type PasswordFormProps } from './components/password-form';
export { changePassword, useChangePassword, type ChangePasswordInput } from './api/change-password';
export {
  confirmPasswordMessage,
  LOGOUT_AFTER_PASSWORD_CHANGE_MS,
  newPasswordMessage,
} from './lib/password-rules';
export { TokenTimers, type TokenTimersProps } from './components/token-timers';
export { isNetworkFailure, pingToken, refreshAccessToken } from './api/refresh-token';
export {
  decideTokenAction,
  REFRESH_BEFORE_EXPIRY_S,
  resolveLogoutTarget,
  startTokenTimers,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_PING_INTERVAL_MS,
  type LogoutTarget,
} from './model/token-timers';
