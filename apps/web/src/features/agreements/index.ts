export {
  agreementQueryKeys,
  myAgreementQueryOptions,
  useMyAgreement,
  useSaveAgreement,
  type MyAgreement,
} from './api/my-agreement';
export { agreementsFeature, loadAgreementDialog } from './manifest';
