export { agreementQueryKeys, useMyAgreement, useSaveAgreement, type MyAgreement } from './api/my-agreement';
export {
  AgreementDialog,
  AGREEMENT_DIALOG_WIDTH,
  type AgreementDialogProps,
} from './components/agreement-dialog';
export { AgreementAdminPage } from './components/agreement-admin-page';
