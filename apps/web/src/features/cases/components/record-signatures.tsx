import { signatureCompanionFields, type SignatureField } from '@psy/contracts';
import type { FormColumn } from '@psy/forms';
import { Button, Flex, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { useSignRecord, type CaseRecord } from '../api/cases';
import { localText } from '../lib/case-format';
import { When } from './common';
import styles from './cases.module.css';

// The signature pad is heavy and only needed when someone draws.
const SignatureDialog = lazy(async () => ({
  default: (await import('../../signatures')).SignatureDialog,
}));

/**
 * A record's signature fields (S1.5.8, S1.6.20): each signed one with its image, signer and time; each the
 * caller may sign now (`signable`, decided by the server by role) with "quote my stored signature" or "sign
 * now". The server's refusals (nothing stored: 'sign first, or upload a signature on the counsellor
 * detail'; a visitor quoting a teacher's) are shown as it words them.
 */
export function RecordSignatures({
  record,
  columns,
  lang,
  isVisitor,
}: {
  record: CaseRecord;
  columns: readonly FormColumn[];
  lang: string;
  isVisitor: boolean;
}) {
  const { t } = useTranslation();
  const sign = useSignRecord();
  const [drawing, setDrawing] = useState<SignatureField | null>(null);
  const answer = record.answer ?? {};

  const run = async (field: SignatureField, body: { quote: true } | { image: string }) => {
    try {
      await sign.mutateAsync({ recordId: record.id, field, ...body });
      showToast('success', t('cases.sign.done'));
      return true;
    } catch (error) {
      showToast('error', isApiError(error) && error.message ? error.message : t('adminKit.saveFailed'));
      return false;
    }
  };

  if (columns.length === 0) return null;
  return (
    <section className={styles.signatures} data-testid="record-signatures">
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('cases.sign.title')}
      </Typography.Title>
      <Flex vertical gap={12}>
        {columns.map((c) => {
          const field = c.prop as SignatureField;
          const image = answer[field];
          const stamps = signatureCompanionFields(field);
          const by = answer[stamps.realName] ?? answer[stamps.userName];
          const at = answer[stamps.time];
          const label = localText(c.label, lang);
          return (
            <Flex key={field} gap={12} align="center" wrap data-testid={`signature-${field}`}>
              <Typography.Text strong style={{ minWidth: 120 }}>
                {label}
              </Typography.Text>
              {typeof image === 'string' && image !== '' ? (
                <>
                  <img src={image} alt={t('cases.sign.image', { label })} width={150} />
                  <Typography.Text type="secondary">
                    {typeof by === 'string' ? by : ''}{' '}
                    {typeof at === 'number' || typeof at === 'string' ? (
                      <When value={new Date(at).toISOString()} />
                    ) : null}
                  </Typography.Text>
                </>
              ) : record.signable.includes(field) ? (
                <>
                  <Button
                    loading={sign.isPending}
                    onClick={() => void run(field, { quote: true })}
                    data-testid={`quote-${field}`}
                  >
                    {isVisitor ? t('cases.sign.quoteMine') : t('cases.sign.quote')}
                  </Button>
                  <Button onClick={() => setDrawing(field)} data-testid={`draw-${field}`}>
                    {t('cases.sign.draw')}
                  </Button>
                </>
              ) : (
                <Typography.Text type="secondary">{t('cases.sign.unsigned')}</Typography.Text>
              )}
            </Flex>
          );
        })}
      </Flex>
      {drawing && (
        <Suspense fallback={null}>
          <SignatureDialog
            open
            saving={sign.isPending}
            onCancel={() => setDrawing(null)}
            onSave={async (result) => {
              if (await run(drawing, { image: result.image })) setDrawing(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
