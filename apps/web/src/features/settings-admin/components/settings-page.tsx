import { Empty, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useSettingList } from '../api/settings';
import { SETTING_FORMS, SETTING_GROUPS, codesOfGroup } from '../lib/setting-forms';
import { SettingCard } from './setting-card';
import styles from './settings.module.css';

// The sites tab (a table and its dialog) loads when it is opened (route size budget).
const SitesPanel = lazy(async () => ({ default: (await import('./sites-panel')).SitesPanel }));

/**
 * `/admin/setting/index` (spec S0.7.8, S1.7.3, S1.7.4): the school's settings by code, each with its
 * switch and payload form, grouped; and the sites with their rooms.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('systemSettings.settings.title')}>
      <Tabs
        items={[
          { key: 'settings', label: t('systemSettings.settings.tab'), children: <SettingGroups /> },
          {
            key: 'sites',
            label: t('systemSettings.sites.tab'),
            children: (
              <Suspense fallback={<Spin />}>
                <SitesPanel />
              </Suspense>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}

function SettingGroups() {
  const { t } = useTranslation();
  const list = useSettingList();
  if (list.isError) return <Empty />;
  if (!list.data) return <Spin />;
  const byCode = new Map(list.data.map((s) => [s.type, s]));
  return (
    <>
      {SETTING_GROUPS.map((group) => (
        <section key={group} className={styles.group} aria-labelledby={`setting-group-${group}`}>
          <Typography.Title level={2} id={`setting-group-${group}`} className={styles.groupTitle}>
            {t(`systemSettings.settings.groups.${group}`)}
          </Typography.Title>
          <div className={styles.grid}>
            {codesOfGroup(group)
              .filter((code) => SETTING_FORMS[code] && byCode.has(code))
              .map((code) => {
                const state = byCode.get(code)!;
                return <SettingCard key={`${code}-${state.updatedAt ?? 'default'}`} state={state} />;
              })}
          </div>
        </section>
      ))}
    </>
  );
}
