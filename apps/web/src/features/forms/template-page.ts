// The user-profile template page's chunk entry (`/user_manage/resetFields`, docs/forms.md "Builder").
export { BoundFormBuilder, UserProfileTemplatePage } from './components/bound-form-page';
