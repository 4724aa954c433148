export { agreementQueryKeys, useMyAgreement, useSaveAgreement, type MyAgreement } from './api/my-agreement';
export { agreementsFeature, loadAgreementDialog } from './manifest';
