export { crisisFeature, loadCrisisWorkbenchCards } from './manifest';
