export {
  ProfileCompletionDialog,
  type ProfileCompletionDialogProps,
} from './components/profile-completion-dialog';
export { deptOptions, useDeptTree, useEditMyBasicInfo, type EditMyBody } from './api/basic-info';
export { DOUBLE_CLICK_GUARD_MS, localToday, sectionsToFill } from './model/profile-steps';
