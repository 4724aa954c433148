import { Alert, Button, Descriptions, Flex, Modal, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isConflict } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import {
  useAgree,
  useAgreementDetail,
  useAgreementText,
  type AgreementDetail,
  type MineAppointment,
} from '../api/cases';
import { agreementKindOf, paragraphsOf, shortVersion } from '../lib/case-format';
import { When } from './common';

// The signature pad is heavy and only needed when the visitor signs.
const SignatureDialog = lazy(async () => ({
  default: (await import('../../signatures')).SignatureDialog,
}));

function AgreementText({ title, content }: { title: string; content: string }) {
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <div style={{ maxHeight: '50vh', overflowY: 'auto' }} data-testid="agreement-text">
        {paragraphsOf(content).map((p, i) => (
          <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
        ))}
      </div>
    </>
  );
}

/**
 * The consultation agreement of an appointment before the visitor agrees (docs/cases.md 7): the text as
 * the server shows it now, agreed to with its version (a text changed meanwhile is refused and shown
 * again), without a signature or signed on the pad; the server keeps the text and the image as given.
 */
export function AgreeDialog({ a, onClose }: { a: MineAppointment; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useAgreementText(a.id);
  const agree = useAgree();
  const [drawing, setDrawing] = useState(false);

  const send = async (image?: string) => {
    if (!text.data) return false;
    try {
      await agree.mutateAsync({
        kind: agreementKindOf(a.type),
        id: a.id,
        textVersion: text.data.text.textVersion,
        image,
      });
      showToast('success', t('cases.mine.agreedDone'));
      onClose();
      return true;
    } catch (error) {
      if (isConflict(error)) {
        // Either given already (nothing left to do) or the text changed: show the current one.
        await text.refetch();
        showToast('warning', t('cases.agreement.changed'));
        return false;
      }
      showToast('error', isApiError(error) ? error.message : t('cases.agreement.failed'));
      return false;
    }
  };

  return (
    <Modal
      open
      title={t('cases.mine.agree')}
      onCancel={onClose}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={onClose}>{t('cases.agreement.cancel')}</Button>
          <Button disabled={!text.data} loading={agree.isPending} onClick={() => void send()}>
            {t('cases.agreement.agreeOnly')}
          </Button>
          <Button
            type="primary"
            disabled={!text.data}
            data-testid="agree-sign"
            onClick={() => setDrawing(true)}
          >
            {t('cases.agreement.signAndAgree')}
          </Button>
        </Flex>
      }
    >
      {text.isPending ? (
        <Spin />
      ) : text.data ? (
        <AgreementText title={text.data.text.title} content={text.data.text.content} />
      ) : (
        <Alert type="error" title={t('cases.agreement.failed')} />
      )}
      {drawing && (
        <Suspense fallback={null}>
          <SignatureDialog
            open
            saving={agree.isPending}
            onCancel={() => setDrawing(false)}
            onSave={async (result) => {
              if (await send(result.image)) setDrawing(false);
            }}
          />
        </Suspense>
      )}
    </Modal>
  );
}

function AgreementBody({ d }: { d: AgreementDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'who', label: t('cases.agreement.visitor'), children: d.visitor.name ?? '—' },
          { key: 'when', label: t('cases.agreement.agreedAt'), children: <When value={d.agreedAt} /> },
          {
            key: 'version',
            label: t('cases.agreement.version'),
            children: d.text ? (
              <Typography.Text code title={d.text.textVersion}>
                {shortVersion(d.text.textVersion)}
              </Typography.Text>
            ) : (
              '—'
            ),
          },
          {
            key: 'source',
            label: t('cases.agreement.source'),
            children: d.text ? t(`cases.agreement.sources.${d.text.source}`) : '—',
          },
        ]}
      />
      {d.text ? (
        <AgreementText title={d.text.title} content={d.text.content} />
      ) : (
        <Alert type="info" title={t('cases.agreement.notKept')} />
      )}
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 12 }}>
        {t('cases.agreement.signature')}
      </Typography.Title>
      {d.signature ? (
        <Flex vertical gap={4}>
          <img
            src={d.signature.image}
            alt={t('cases.agreement.signature')}
            width={240}
            data-testid="agreement-signature"
          />
          <Tag>{t(`cases.agreement.signatureSources.${d.signature.source}`)}</Tag>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('cases.agreement.unsigned')}</Typography.Text>
      )}
    </>
  );
}

/** A given agreement as it was agreed to: text, version and signature, read-only (staff reads are logged). */
export function AgreementViewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAgreementDetail(id);
  return (
    <Modal open title={t('cases.agreement.title')} onCancel={onClose} footer={null}>
      {detail.isPending ? (
        <Spin />
      ) : detail.data ? (
        <AgreementBody d={detail.data} />
      ) : (
        <Alert type="error" title={t('cases.agreement.failed')} />
      )}
    </Modal>
  );
}
