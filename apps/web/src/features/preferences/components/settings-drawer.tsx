import { APP_VERSION, COPYRIGHT_YEARS } from '@psy/contracts';
import { Drawer, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_SWITCHES, setPreferenceSwitch, usePreferences } from '../model/preferences';
import styles from './preferences.module.css';

/** Spec S0.1.6: the panel's scroll area is 500 px high. */
export const SETTINGS_SCROLL_HEIGHT = 500;

/** The settings panel (spec S0.1.6): eight off/on switches that apply at once, the version and copyright. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { switches } = usePreferences();
  const idPrefix = useId();
  return (
    <Drawer
      title={t('preferences.settings')}
      open={open}
      onClose={onClose}
      size={360}
      rootClassName="psy-settings-drawer"
    >
      <div className={styles.scrollArea} style={{ height: SETTINGS_SCROLL_HEIGHT }}>
        <ul className={styles.switchList} aria-label={t('preferences.switchesLabel')}>
          {PREFERENCE_SWITCHES.map((name) => {
            const id = `${idPrefix}-${name}`;
            return (
              <li key={name} className={styles.switchRow}>
                <label htmlFor={id}>{t(`preferences.switches.${name}`)}</label>
                <span className={styles.switchState}>
                  {/* The switch itself tells assistive technology whether it is on; this is the visible word. */}
                  <span aria-hidden>{switches[name] ? t('preferences.on') : t('preferences.off')}</span>
                  <Switch
                    id={id}
                    checked={switches[name]}
                    onChange={(isOn) => setPreferenceSwitch(name, isOn)}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className={styles.about}>
        <span>{t('preferences.version', { version: APP_VERSION })}</span>
        <span>{t('preferences.copyright', { years: COPYRIGHT_YEARS })}</span>
      </div>
    </Drawer>
  );
}
