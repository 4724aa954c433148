import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import { useMySignature, useSaveMySignature } from '../api/signatures';
import { SignatureDialog } from './signature-dialog';
import styles from './signature-page.module.css';

/**
 * `/signature` (spec S0.2.14, S1.2.28): the user's own stored signature, which forms quote into their
 * signature field; signing again (drawn or uploaded) replaces it.
 */
export function SignaturePage() {
  const { t, i18n } = useTranslation();
  const signature = useMySignature();
  const save = useSaveMySignature();
  const [isOpen, setOpen] = useState(false);
  const stored = signature.data ?? null;

  const onSave = async ({ image }: { image: string }) => {
    try {
      await save.mutateAsync(image);
    } catch {
      return;
    }
    showToast('success', t('signature.saved'));
    setOpen(false);
  };

  return (
    <Card
      variant="borderless"
      loading={signature.isPending}
      title={<h1 className={styles.title}>{t('signature.title')}</h1>}
      extra={
        <Button type="primary" icon={<EditOutlined />} onClick={() => setOpen(true)}>
          {stored ? t('signature.signAgain') : t('signature.sign')}
        </Button>
      }
    >
      {stored ? (
        <figure className={styles.figure}>
          <img
            className={styles.image}
            src={stored.sign}
            alt={t('signature.storedAlt')}
            data-testid="stored-signature"
          />
          <figcaption>
            <Typography.Text type="secondary">
              {t('signature.signedAt', {
                name: stored.realName,
                time: formatDateTime(stored.signTime, i18n.language),
              })}
            </Typography.Text>
          </figcaption>
        </figure>
      ) : (
        <Empty description={t('signature.none')} />
      )}
      <Typography.Paragraph type="secondary" className={styles.note}>
        {t('signature.note')}
      </Typography.Paragraph>
      <SignatureDialog
        open={isOpen}
        saving={save.isPending}
        onCancel={() => setOpen(false)}
        onSave={(r) => void onSave(r)}
      />
    </Card>
  );
}
