export { FormRenderer, type FormRendererProps } from './components/form-renderer';
export { FormFillPage } from './components/form-fill-page';
export { FORM_FILL_PATH, fillPath, readDefinition, type FillQuery } from './lib/fill';
