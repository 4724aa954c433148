import { defineFeature, page } from '../../shared/feature/manifest';

/** The user's export files (the download-list button is mounted by the layout). */
export const downloadsFeature = defineFeature({
  name: 'downloads',
  pages: [page('/downloadFile/fileList', () => import('./components/file-list-page'), 'FileListPage')],
  buttons: [],
});
