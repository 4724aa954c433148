export { assessmentFeature } from './manifest';
export { planQueryKeys } from './api/plans';
export { warningQueryKeys } from './api/results';
