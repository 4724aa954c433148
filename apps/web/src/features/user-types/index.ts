export { UserTypesPage } from './components/user-types-page';
export { userTypeQueryKeys } from './api/user-types';
