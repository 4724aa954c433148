export { LoginForm, type LoginFormProps } from './components/login-form';
export { SmsLoginForm, type SmsLoginFormProps } from './components/sms-login-form';
export { loginByPassword, usePasswordLogin, type PasswordLoginInput } from './api/login-by-password';
export { loginBySms, useSmsLogin, type SmsLoginInput } from './api/login-by-sms';
export { sendSmsCode, useSendSmsCode } from './api/send-sms-code';
export { logout, useLogout } from './api/logout';
export { authQueryKeys, getUserInfo, useUserInfo, type UserInfo } from './api/get-user-info';
