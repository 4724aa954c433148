import { DownloadOutlined } from '@ant-design/icons';
import { Badge, Button, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOWNLOAD_LIST_PATH, useGeneratingCount } from '../api/downloads';

/** The download-file list in the top bar, with the count of files being generated (spec S0.1.3). */
export function DownloadButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useGeneratingCount().data ?? 0;
  return (
    <Badge count={count} size="small" offset={[-6, 6]} overflowCount={99}>
      <Button
        type="text"
        icon={<DownloadOutlined />}
        aria-label={count > 0 ? t('downloads.buttonGenerating', { count }) : t('downloads.title')}
        title={t('downloads.title')}
        data-testid="download-button"
        onClick={() => void navigate(DOWNLOAD_LIST_PATH)}
      />
    </Badge>
  );
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The download list entry of the user menu on phones, with the count of files being generated. */
export function useDownloadMenuItem(): MenuItem {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useGeneratingCount().data ?? 0;
  return {
    key: 'downloads',
    icon: <DownloadOutlined />,
    label: (
      <span>
        {t('downloads.title')} <Badge count={count} size="small" overflowCount={99} />
      </span>
    ),
    onClick: () => void navigate(DOWNLOAD_LIST_PATH),
  };
}
