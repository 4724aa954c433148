import type { ModuleManifest } from '../../core/module';
import { formAnswerExport } from './forms.export';
import { formPermissionRoutes } from './form-permissions.routes';
import { formRoutes } from './forms.routes';
import { seedDefaultForms } from './forms.seed';

export { seedDefaultForms } from './forms.seed';
export { FORM_ANSWER_EXPORT_QUEUE, type FormAnswerExportPayload } from './forms.export';
export { answerSummaryOf, boundFormOf, formPurposeOf, type BoundForm } from './forms.purpose';
// The case module keeps its records as answers of its own (docs/cases.md 2).
export {
  ensureBoundForm,
  formDefinitionOf,
  ownedAnswerIdOf,
  ownedEdition,
  ownedEditions,
  ownedValueCounts,
  presentOwnedAnswer,
  saveOwnedAnswer,
} from './forms.owned';
// Scale results are assessment's: it provides them to the form engine's grading.
export { scaleResultsPort, type ScaleResultRecord } from './forms.service';

/**
 * The form engine: forms, versions, answers with their editions, smart-form settings (docs/forms.md).
 * Option lists by path come from the manifests that declare them (`optionLists`).
 */
export const formsModule: ModuleManifest = {
  name: 'forms',
  layer: 'platform',
  // Role form permissions are the form engine's: their table names both a role and a form.
  routes: ({ files }) => [...formRoutes(files), ...formPermissionRoutes()],
  exports: [formAnswerExport],
  tables: {
    // Versions and answer editions are records that are never rewritten (docs/forms.md).
    appendOnly: ['form_version', 'form_answer_edition'],
  },
  catalog: {
    menus: [
      {
        // The form builder (issue 6; the spec names the calls, not a route): forms, versions, smart-form settings.
        product: 'SYSTEM',
        order: 140,
        code: 'sys_form',
        name: '表单管理',
        nameEn: 'Forms',
        path: '/admin/form/index',
        buttons: [{ code: 'admin_form_edit', name: '编辑表单', nameEn: 'Edit forms' }],
      },
    ],
  },
  seedSchool: ({ tx, tenantId }) => seedDefaultForms(tx, tenantId),
};
