export { pdfPreviewFeature } from './manifest';
