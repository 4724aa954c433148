// Installs the Debian packages the suite needs (deps.mjs `ensureSystemPackages`); run by
// `installSystemPackagesInBackground` while the unit part runs. Exit code 1 when a required one could not be.
import { SetupError, ensureSystemPackages } from './deps.mjs';

try {
  ensureSystemPackages();
} catch (err) {
  if (!(err instanceof SetupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
