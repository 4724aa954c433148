import {
  FOCUS_SETTING_EDIT_PERMISSION,
  FOCUS_SETTING_TYPE_KEYS,
  FOCUS_SETTING_TYPES,
  hasPermission,
  type FocusSettingType,
} from '@psy/contracts';
import { Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import { useUserInfo } from '../../auth';
import { FocusSettingList } from './focus-setting-list';
import styles from './focus-settings.module.css';

/**
 * `/focusperson/setting/index` (spec S1.7.7; our route): the school's key-person option lists, a tab per
 * type, each with search, status filter, add, edit, delete and the on/off switch. Changing needs
 * `focus_setting_edit`; without it the lists are read-only.
 */
export function FocusSettingsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<FocusSettingType>(FOCUS_SETTING_TYPES[0]!);
  const canEdit = hasPermission(useUserInfo().data?.permissions, FOCUS_SETTING_EDIT_PERMISSION);
  const isPhone = useScreenClass() === 0;
  const typeItems = FOCUS_SETTING_TYPES.map((value) => ({
    value,
    label: t(`focusSettings.types.${FOCUS_SETTING_TYPE_KEYS[value]}`),
  }));

  return (
    <AdminPage title={t('focusSettings.title')} intro={t('focusSettings.intro')}>
      {isPhone ? (
        // Five tabs do not fit a phone, and the tab bar's overflow menu is not a tab (an ARIA error).
        <Select<FocusSettingType>
          className={styles.typeSelect}
          value={type}
          aria-label={t('focusSettings.listLabel')}
          options={typeItems.map((item) => ({ value: item.value, label: item.label }))}
          onChange={setType}
        />
      ) : (
        <Tabs
          activeKey={String(type)}
          onChange={(key) => setType(Number(key) as FocusSettingType)}
          items={typeItems.map((item) => ({ key: String(item.value), label: item.label }))}
        />
      )}
      {/* One list per tab, each with its own paging and filters; a tab starts fresh when shown. */}
      <FocusSettingList key={type} type={type} canEdit={canEdit} />
    </AdminPage>
  );
}
