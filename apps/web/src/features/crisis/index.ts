export { crisisFeature } from './manifest';
export { loadCrisisWorkbenchCards } from './workbench-loader';
