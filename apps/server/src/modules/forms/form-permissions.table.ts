import { bigint, boolean, foreignKey, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { role } from '../identity/identity.table';
import { form } from './forms.table';

/**
 * Whether holders of a role may view and edit the answers of a form (`findRoleFormPermission`); a form
 * without a row follows its own rules. `form_id` names a form of the same school (foreign key): a row for
 * a form that does not exist, or another school's, could otherwise be matched by a form created later.
 * The form engine's table: it names both a role (identity, before the forms in the module list) and a
 * form, and only the later module may name both.
 */
export const roleFormPermission = pgTable(
  'role_form_permission',
  {
    tenantId: tenantIdColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    canView: boolean('can_view').notNull().default(true),
    canEdit: boolean('can_edit').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.formId] }),
    index('role_form_permission_form_idx').on(t.tenantId, t.formId),
    foreignKey({
      name: 'role_form_permission_role_fk',
      columns: [t.tenantId, t.roleId],
      foreignColumns: [role.tenantId, role.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'role_form_permission_form_fk',
      columns: [t.tenantId, t.formId],
      foreignColumns: [form.tenantId, form.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
