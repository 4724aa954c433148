export { EmergencyContactsSection } from './components/emergency-contacts-section';
export { FamilySection } from './components/family-section';
export {
  useMyEmergencyContacts,
  useMyFamilyInfo,
  useSaveMyEmergencyContact,
  useSaveMyFamilyInfo,
  useDeleteMyEmergencyContact,
  userProfileQueryKeys,
} from './api/user-profile';
export { familyInfoFromForm, type FamilyFormValues } from './lib/family-form';
export { registerUser, uploadAvatar, useRegister, type RegisterInput } from './api/registration';
export { useRegionSetting } from './api/region-setting';
