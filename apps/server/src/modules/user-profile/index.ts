import type { ModuleManifest } from '../../core/module';
import { authDepsOf } from '../auth';
import { userProfileRoutes } from './user-profile.routes';

/** The user's own extra information, self-registration, avatar. */
export const userProfileModule: ModuleManifest = {
  name: 'user-profile',
  layer: 'platform',
  routes: (deps) => userProfileRoutes(authDepsOf(deps), deps.files),
};
