import { adminPage, defineFeature } from '../../shared/feature/manifest';

/**
 * Crisis intervention and key persons on the web (docs/crisis.md 12): every menu entry and detail page of
 * the CRISIS and IMPORTANT_FOCUS_ON products of the seed catalogue, and the follow-up journal pages. Staff
 * pages are administration pages (their size budget); the texts are the `crisis` section of the `admin` catalogue part.
 */
export const crisisFeature = defineFeature({
  name: 'crisis',
  pages: [
    adminPage('/crisisInfoUpdate_info/index', () => import('./components/records-page'), 'CrisisRecordsPage'),
    adminPage('/crisis/board/index', () => import('./components/board-page'), 'CrisisBoardPage'),
  ],
  cataloguePart: 'admin',
  buttons: [
    'crisis_close',
    'crisis_warning_flag',
    'crisis_network_edit',
    'crisis_setting_edit',
    'crisis_monthly_submit',
    'focus_person_edit',
  ],
});

/** The workbench's crisis cards, loaded with the workbench when the layout shows it. */
export const loadCrisisWorkbenchCards = () => import('./components/workbench-cards');
