export { schedulingFeature } from './manifest';
