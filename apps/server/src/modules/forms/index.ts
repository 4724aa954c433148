export * from './forms.table';
export { formRoutes } from './forms.routes';
export { seedDefaultForms } from './forms.seed';
export {
  FORM_ANSWER_EXPORT_QUEUE,
  createFormAnswerExportJob,
  type FormAnswerExportPayload,
} from './forms.export';
export { answerSummaryOf, boundFormOf, formPurposeOf, type BoundForm } from './forms.purpose';
// The case module keeps its records as answers of its own (docs/cases.md 2).
export {
  ensureBoundForm,
  formDefinitionOf,
  ownedAnswerIdOf,
  ownedEdition,
  ownedEditions,
  presentOwnedAnswer,
  saveOwnedAnswer,
} from './forms.owned';
