// The fill page's own chunk entry: the renderer without the builder (route budget, docs/forms.md "Web").
export { FormFillPage } from './components/form-fill-page';
