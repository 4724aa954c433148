export { PdfPreviewPage } from './components/pdf-preview-page';
