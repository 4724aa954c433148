import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useEnrolFingerprint, useFingerprintEntered, useRemoveFingerprints } from '../api/fingerprint';
import { fingerprintProblemOf } from '../lib/fingerprint-errors';

/**
 * Enrolment of the signed-in user's fingerprint (spec S0.7.14 `/admin/sysUserFinger/add`). Only the
 * person at the device can create a credential, so it lives on the user's own page, never on an
 * administrator's view of someone else.
 */
export function FingerprintCard() {
  const { t } = useTranslation();
  const entered = useFingerprintEntered();
  const enrol = useEnrolFingerprint();
  const remove = useRemoveFingerprints();
  const { modal } = App.useApp();
  const isSupported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  const onEnrol = async () => {
    try {
      await enrol.mutateAsync();
    } catch (error) {
      showToast('warning', t(`fingerprint.problem.${fingerprintProblemOf(error)}`));
      return;
    }
    showToast('success', t('fingerprint.enrolled'));
  };

  const onRemove = () => {
    modal.confirm({
      title: t('fingerprint.removeConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync();
        showToast('success', t('fingerprint.removed'));
      },
    });
  };

  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('fingerprint.cardTitle')}</h2>}
      extra={
        entered.data?.entered ? (
          <Tag color="success" data-testid="fingerprint-entered">
            {t('fingerprint.entered', { count: entered.data.count })}
          </Tag>
        ) : (
          <Tag>{t('fingerprint.notEntered')}</Tag>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('fingerprint.cardIntro')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button
          onClick={() => void onEnrol()}
          loading={enrol.isPending}
          disabled={!isSupported}
          data-testid="fingerprint-enrol"
        >
          {entered.data?.entered ? t('fingerprint.enrolAnother') : t('fingerprint.enrol')}
        </Button>
        {entered.data?.entered && (
          <Button danger onClick={onRemove} loading={remove.isPending} data-testid="fingerprint-remove">
            {t('fingerprint.remove')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
