export { formsFeature, loadBoundFormBuilder } from './manifest';
export { FormRenderer, type FormRendererProps } from './components/form-renderer';
export { FormFillPage } from './components/form-fill-page';
export { FORM_FILL_PATH, fillPath, readDefinition, type FillQuery } from './lib/fill';
// For other features that embed a form (the start-up agreement dialog).
export { useFormDictionaries, useFormView, useSaveFormAnswer } from './api/forms';
export { dictionaryNames } from './lib/dictionaries';
export { answerFieldErrors } from './lib/fill';
