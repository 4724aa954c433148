export { userTypesFeature } from './manifest';
export { userTypeQueryKeys } from './api/user-types';
