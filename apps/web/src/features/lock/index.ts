export {
  clearLock,
  isLockPasswordGiven,
  isScreenLocked,
  LOCK_PATH,
  lockScreen,
  readLock,
  unlockScreen,
  type LockState,
} from './model/lock-state';
export { LockButton } from './components/lock-button';
