import {
  FORM_PERMISSIONS,
  calculateIsRepeatEndpoint,
  downloadFormFileEndpoint,
  findSmartFormSettingEndpoint,
  formAllEndpoint,
  formAnswerEditionEndpoint,
  formAnswerEndpoint,
  formAnswerHistoryEndpoint,
  formPageEndpoint,
  formTypeAllEndpoint,
  formTypePageEndpoint,
  formViewEndpoint,
  formsOfTypeEndpoint,
  gradeResultCalcEndpoint,
  recallFormAnswerEndpoint,
  saveFormAnswerEndpoint,
  saveFormEndpoint,
  saveFormTypeEndpoint,
  saveScaleResultEndpoint,
  saveSmartFormSettingEndpoint,
  smartFormResultEndpoint,
} from '@psy/contracts';
import { notFound } from '../../core/http/app-error';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { FileStorage } from '../../core/storage/file-storage';
import { calculateIsRepeat } from './forms.repeat';
import {
  calcGradeResult,
  fileOfAnswer,
  getAnswer,
  getEdition,
  listAllForms,
  listAllTypes,
  listEditions,
  listEventResults,
  listFormPage,
  listFormsOfType,
  listSettings,
  listTypePage,
  recallAnswer,
  saveAnswer,
  saveForm,
  saveScaleResult,
  saveSetting,
  saveType,
  viewForm,
} from './forms.service';

/** Builder calls: `admin_form_edit`. Reads of definitions are open to every signed-in user (to fill forms). */
const BUILDER = permission(FORM_PERMISSIONS.edit);

/**
 * The form engine's calls (docs/forms.md "Server"). Answer calls are AUTHENTICATED at the route and
 * decided per answer in the service (subject, author, role form permissions, form administrators).
 */
export const formRoutes = (files: FileStorage): RouteDef[] =>
  [
    defineRoute({
      endpoint: formTypePageEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => listTypePage(scope, query),
    }),
    defineRoute({
      endpoint: formTypeAllEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope }) => listAllTypes(scope),
    }),
    defineRoute({
      endpoint: saveFormTypeEndpoint,
      access: BUILDER,
      handler: async ({ scope, body }) => saveType(scope, body),
    }),
    defineRoute({
      endpoint: formPageEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => listFormPage(scope, query),
    }),
    defineRoute({
      endpoint: formAllEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => listAllForms(scope, query),
    }),
    defineRoute({
      endpoint: formsOfTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, params }) => listFormsOfType(scope, params.id),
    }),
    defineRoute({
      endpoint: saveFormEndpoint,
      access: BUILDER,
      handler: async ({ scope, principal, body }) => saveForm(scope, principal, body),
    }),
    defineRoute({
      endpoint: formViewEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => viewForm(scope, principal, query),
    }),
    defineRoute({
      endpoint: formAnswerEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => getAnswer(scope, principal, body),
    }),
    defineRoute({
      endpoint: formAnswerEditionEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => getEdition(scope, principal, query),
    }),
    defineRoute({
      endpoint: formAnswerHistoryEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, params }) => listEditions(scope, principal, params.id),
    }),
    defineRoute({
      endpoint: saveFormAnswerEndpoint,
      access: AUTHENTICATED,
      // Signature images arrive as data URLs inside the answer.
      bodyLimit: 4 * 1024 * 1024,
      handler: async ({ scope, principal, body, lang }) => saveAnswer(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: recallFormAnswerEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => recallAnswer(scope, principal, body),
    }),
    defineRoute({
      endpoint: downloadFormFileEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, params, body, reply }) => {
        const key = await fileOfAnswer(scope, principal, body.answerId, params.file);
        const bytes = await files.get(key);
        if (!bytes) throw notFound('file');
        await reply
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="file"')
          .type('application/octet-stream')
          .send(bytes);
      },
    }),
    defineRoute({
      endpoint: findSmartFormSettingEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => listSettings(scope, query.code),
    }),
    defineRoute({
      endpoint: saveSmartFormSettingEndpoint,
      access: BUILDER,
      handler: async ({ scope, body }) => saveSetting(scope, body),
    }),
    defineRoute({
      endpoint: gradeResultCalcEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => calcGradeResult(scope, principal, query),
    }),
    defineRoute({
      endpoint: smartFormResultEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => listEventResults(scope, principal, body),
    }),
    defineRoute({
      // Builder helper (S0.7.21): staff who read visit records, within their data scope (forms.repeat.ts).
      endpoint: calculateIsRepeatEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => calculateIsRepeat(scope, principal, body),
    }),
    defineRoute({
      endpoint: saveScaleResultEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => saveScaleResult(scope, principal, body),
    }),
  ] as RouteDef[];
