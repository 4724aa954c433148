export { FingerprintCard } from './components/fingerprint-card';
export {
  enrolFingerprint,
  loginByFingerprint,
  useEnrolFingerprint,
  useFingerprintEntered,
  useFingerprintLogin,
} from './api/fingerprint';
export { fingerprintProblemOf, type FingerprintProblem } from './lib/fingerprint-errors';
