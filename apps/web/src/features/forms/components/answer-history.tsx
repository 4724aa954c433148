import type { FormDefinition } from '@psy/forms';
import { Button, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswerEdition, useAnswerHistory, useFormView } from '../api/forms';
import { FormRenderer } from './form-renderer';
import rendererStyles from './form-renderer.module.css';
import styles from './form-fill.module.css';

export interface AnswerHistoryProps {
  answerId: number;
  /**
   * The definition of the answer's current version. An edition written against another version is shown
   * with that version's definition (`ite/view?id=&version=`, S0.3.35).
   */
  definition: FormDefinition;
  roleCodes: readonly string[];
}

/**
 * The answer's saved editions (spec S0.3.34, issue 6 "History"): each with how it came to be, who and
 * when; any edition opens read-only with the version it was written against.
 */
export function AnswerHistory({ answerId, definition, roleCodes }: AnswerHistoryProps) {
  const { t, i18n } = useTranslation();
  const history = useAnswerHistory(answerId);
  const [open, setOpen] = useState<number | null>(null);
  const edition = useAnswerEdition(answerId, open);
  const editionVersion = edition.data?.formVersion;
  const otherVersion = editionVersion !== undefined && editionVersion !== definition.version;
  const versionView = useFormView(
    // The server writes the form id as the definition id (forms.service saveForm).
    otherVersion ? { id: Number(definition.id), version: editionVersion } : null,
  );
  const editionDefinition = otherVersion
    ? (versionView.data?.definition as FormDefinition | undefined)
    : definition;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  if (history.isPending) return <Spin />;
  const editions = history.data ?? [];
  if (editions.length === 0) return <Empty description={t('forms.history.empty')} />;

  return (
    <section className={styles.history} aria-label={t('forms.history.title')}>
      <h2 className={styles.sectionTitle}>{t('forms.history.title')}</h2>
      <ol className={styles.editions} data-testid="form-editions">
        {editions.map((e) => (
          <li key={e.edition} className={styles.edition}>
            <div className={styles.editionHead}>
              <strong>{t('forms.history.edition', { edition: e.edition })}</strong>
              <span className={rendererStyles.tag}>{t(`forms.history.kind.${e.kind}`)}</span>
            </div>
            <div className={styles.muted}>
              {t('forms.history.meta', {
                name: e.createByName,
                time: time(e.createTime),
                version: e.formVersion,
              })}
            </div>
            {e.reason ? <div>{t('forms.history.reason', { reason: e.reason })}</div> : null}
            <Button
              size="small"
              onClick={() => setOpen(open === e.edition ? null : e.edition)}
              aria-expanded={open === e.edition}
              data-testid={`edition-${e.edition}`}
            >
              {open === e.edition ? t('forms.history.close') : t('forms.history.view')}
            </Button>
            {open === e.edition ? (
              <div className={styles.editionBody}>
                {edition.isPending || (otherVersion && versionView.isPending) ? (
                  <Spin />
                ) : edition.data && editionDefinition ? (
                  <>
                    <div className={styles.muted}>
                      {t('forms.history.viewing', { edition: e.edition, version: edition.data.formVersion })}
                    </div>
                    {edition.data.formVersion !== definition.version ? (
                      <div className={styles.muted}>
                        {t('forms.history.otherVersion', { version: edition.data.formVersion })}
                      </div>
                    ) : null}
                    <FormRenderer
                      definition={editionDefinition}
                      answer={edition.data.answer}
                      viewer={{ roleCodes, mode: 'view' }}
                    />
                  </>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
