export * from './workforce.table';
export { workforceRoutes } from './workforce.routes';
// The form engine (modules/forms) validates answers of the list path
// `/consult/workforce/schedule/freeUser?categoryId={...}` against this loader.
export { freeCounsellorOptions } from './workforce.service';
