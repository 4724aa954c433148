export { StartupDialogs, type StartupDialogsProps } from './components/startup-dialogs';
export {
  decideStartupDialog,
  isAgreementDue,
  type StartupDialog,
  type StartupState,
} from './model/startup-order';
