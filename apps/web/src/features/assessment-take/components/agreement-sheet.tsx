import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignaturePad } from '../../../shared/ui/use-signature-pad';
import { useSignAgreement } from '../api/take';

const PAD = { width: 600, height: 240 };

/**
 * A plan's agreement before its first test (S1.2.9 /signatureList): the text to read, a pad to sign with
 * a finger, and the signature sent once as a PNG.
 */
export function AgreementSheet({
  planId,
  planName,
  text,
  onSigned,
  onClose,
}: {
  planId: number;
  planName: string;
  text: string;
  onSigned: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pad = useSignaturePad({ size: PAD, lineWidth: 3 });
  const sign = useSignAgreement();
  const save = async () => {
    const canvas = pad.canvasRef.current;
    if (!canvas || !pad.hasInk) return;
    await sign.mutateAsync({ planId, signature: canvas.toDataURL('image/png') });
    onSigned();
  };
  return (
    <Modal
      open
      title={t('assessmentTake.agreementTitle', { plan: planName })}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>
        {text}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('assessmentTake.signHere')}</Typography.Text>
      <canvas
        ref={pad.canvasRef}
        width={PAD.width}
        height={PAD.height}
        aria-label={t('assessmentTake.signHere')}
        style={{
          width: '100%',
          aspectRatio: '5 / 2',
          border: '1px dashed #999',
          touchAction: 'none',
          display: 'block',
        }}
        {...pad.handlers}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
        <Button onClick={pad.clear}>{t('assessmentTake.clear')}</Button>
        <Button type="primary" disabled={!pad.hasInk} loading={sign.isPending} onClick={() => void save()}>
          {t('assessmentTake.agreeAndSign')}
        </Button>
      </Flex>
    </Modal>
  );
}
