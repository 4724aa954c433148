export { LoginForm, type LoginFormProps } from './components/login-form';
export { SmsLoginForm, type SmsLoginFormProps } from './components/sms-login-form';
export { loginByPassword, usePasswordLogin, type PasswordLoginInput } from './api/login-by-password';
export { loginBySms, useSmsLogin, type SmsLoginInput } from './api/login-by-sms';
export { sendSmsCode, useSendSmsCode } from './api/send-sms-code';
export { logout, useLogout } from './api/logout';
export { authQueryKeys, getUserInfo, useUserInfo, type UserInfo } from './api/get-user-info';
export {
  decideRole,
  orderRoles,
  roleQueryKeys,
  switchRole,
  usePortRoles,
  useSingleRoleSwitch,
  useUserDetail,
  type PortRole,
  type RoleDecision,
  type UserDetail,
} from './api/roles';
export { RoleSwitch, ROLE_SWITCH_RELOAD_MS } from './components/role-switch';
