export * from './user-import.table';
export { userImportRoutes } from './user-import.routes';
export {
  USER_IMPORT_QUEUE,
  IMPORT_CHUNK_ROWS,
  createUserImportJob,
  failUserImportTask,
  importLimitsOf,
  runImportTask,
  type UserImportPayload,
} from './user-import.service';
