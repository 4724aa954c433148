import { defineFeature, page } from '../../shared/feature/manifest';

/** `/pdfPreview?url=&name=`: a PDF in the browser's own viewer. */
export const pdfPreviewFeature = defineFeature({
  name: 'pdf-preview',
  pages: [page('/pdfPreview', () => import('./components/pdf-preview-page'), 'PdfPreviewPage')],
  buttons: [],
});
