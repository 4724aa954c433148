import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnSettings } from './use-column-settings';
import styles from './admin.module.css';

/** 'Columns': the list's columns to tick on or off; the choice is kept for the next visit. */
export function ColumnSettingsButton({ settings }: { settings: ColumnSettings }) {
  const { t } = useTranslation();
  const shownCount = settings.choices.filter((c) => c.shown).length;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('adminKit.columnsTitle')}
      content={
        <Flex vertical gap={4} className={styles.columnChoices} data-testid={`columns-${settings.listId}`}>
          {settings.choices.map((choice) => (
            <Checkbox
              key={choice.key}
              checked={choice.shown}
              // The last shown column stays: a list without columns shows nothing.
              disabled={choice.shown && shownCount <= 1}
              onChange={() => settings.toggle(choice.key)}
            >
              {choice.title}
            </Checkbox>
          ))}
          <Button type="link" size="small" onClick={settings.reset} disabled={settings.hidden.length === 0}>
            {t('adminKit.showAllColumns')}
          </Button>
        </Flex>
      }
    >
      <Button icon={<SettingOutlined />}>{t('adminKit.columns')}</Button>
    </Popover>
  );
}
