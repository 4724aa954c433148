import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCaseDetail, useCasePage, useCaseRecord } from '../api/cases';
import { signatureColumns } from '../lib/case-format';
import { When } from './common';
import { RecordSignatures } from './record-signatures';
import styles from './cases.module.css';

/** The records of the visitor's latest case: each one still waiting for their signature. */
export function RecordsToSign() {
  const { t } = useTranslation();
  const cases = useCasePage({ current: 1, size: 1 });
  const latest = cases.data?.records[0]?.id ?? null;
  const detail = useCaseDetail(latest);
  const records = detail.data?.recordList.filter((r) => r.state !== 'locked') ?? [];
  if (latest === null || records.length === 0) return null;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('cases.mine.toSign')}
      </Typography.Title>
      {records.map((r) => (
        <RecordToSign key={r.id} id={r.id} />
      ))}
    </>
  );
}

function RecordToSign({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const record = useCaseRecord(id);
  const r = record.data;
  if (!r || !r.signable.includes('sign_student')) return null;
  return (
    <section className={styles.sessionCard} data-testid="record-to-sign">
      <Typography.Text>
        {t(`cases.kinds.${r.kind}`)} · <When value={r.sessionTime ?? r.createTime} />
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
        {t('cases.mine.signHint')}
      </Typography.Paragraph>
      <RecordSignatures
        record={r}
        columns={signatureColumns(r.definition as never)}
        lang={i18n.language}
        isVisitor
      />
    </section>
  );
}
