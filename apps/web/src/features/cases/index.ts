export { casesFeature } from './manifest';
