import { BankOutlined, BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  setPrimaryColorOverride,
  usePrimaryColorOverride,
  useTenantPrimaryColor,
} from '../../../shared/theme/brand';
import { usePreferenceSwitch } from '../model/preferences';
import styles from './preferences.module.css';

/** Preset theme colours; all dark enough for white button text. */
export const THEME_COLOR_PRESETS = [
  { name: 'blue', color: '#1677ff' },
  { name: 'cyan', color: '#08979c' },
  { name: 'green', color: '#389e0d' },
  { name: 'volcano', color: '#d4380d' },
  { name: 'magenta', color: '#c41d7f' },
  { name: 'purple', color: '#722ed1' },
] as const;

/**
 * The theme-colour control (spec S0.1.3): the school's colour or a preset, as this user's primary colour
 * (kept in local storage); shown when the settings panel's 'theme colour' switch is on.
 */
export function ThemeColorPicker() {
  const { t } = useTranslation();
  const isShown = usePreferenceSwitch('themeColor');
  const tenantColor = useTenantPrimaryColor();
  const own = usePrimaryColorOverride();
  if (!isShown) return null;

  const options = [
    { key: 'tenant', label: t('preferences.colors.tenant'), color: tenantColor, value: null },
    ...THEME_COLOR_PRESETS.map((preset) => ({
      key: preset.name,
      label: t(`preferences.colors.${preset.name}`),
      color: preset.color,
      value: preset.color as string | null,
    })),
  ];
  const isChosen = (value: string | null) =>
    value === null ? own === null : own !== null && own.toLowerCase() === value.toLowerCase();
  const chosen = options.find((option) => isChosen(option.value));

  const content = (
    <div>
      <ul className={styles.swatches} aria-label={t('preferences.themeColor')}>
        {options.map((option) => (
          <li key={option.key}>
            <button
              type="button"
              className={styles.swatch}
              style={{ backgroundColor: option.color }}
              aria-label={option.label}
              title={option.label}
              aria-pressed={isChosen(option.value)}
              onClick={() => setPrimaryColorOverride(option.value)}
            >
              {isChosen(option.value) ? (
                <CheckOutlined aria-hidden />
              ) : (
                option.value === null && <BankOutlined aria-hidden />
              )}
            </button>
          </li>
        ))}
      </ul>
      {chosen && <span className={styles.swatchCaption}>{chosen.label}</span>}
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('preferences.themeColor')} content={content}>
      <Button
        type="text"
        icon={<BgColorsOutlined />}
        aria-label={t('preferences.themeColor')}
        title={t('preferences.themeColor')}
      />
    </Popover>
  );
}
