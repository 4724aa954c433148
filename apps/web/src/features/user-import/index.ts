/**
 * Bulk user import on the web (spec S0.2.21/22, S0.4.12, S0.5.11, S0.6.6; docs/user-import.md).
 * The users page opens `ImportUsersDialog` (lazily); the layout holds `ImportRecordsSlot` (imported from
 * `./records-slot` directly, so the layout does not load this barrel).
 */
export { ImportUsersDialog, type ImportUsersDialogProps } from './components/import-users-dialog';
export { setRecordsView, useRecordsView } from './model/records-store';
