import { defineFeature, page } from '../../shared/feature/manifest';

/** The detail page of a notice (the drawer and the count are mounted by the layout). */
export const noticesFeature = defineFeature({
  name: 'notices',
  pages: [page('/noticeList/detail', () => import('./components/notice-detail-page'), 'NoticeDetailPage')],
  buttons: [],
});
