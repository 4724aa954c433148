import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { useRegister } from '../api/appointments';
import styles from './appointments.module.css';

type Wish = 'oneConsultWishes' | 'teamConsultWishes';
const CHOICES: Record<Wish, readonly number[]> = { oneConsultWishes: [1, 2, 3], teamConsultWishes: [1, 2] };

/**
 * The intake registration with the willingness form (S1.3.4, S1.5.7): asked once a term before the first
 * booking, so the centre knows whether the visitor would wait, take a single session or join a group.
 * Native radio buttons rather than antd's form and radio: the page must stay light on a phone.
 */
export function RegistrationCard({ visitorId, onDone }: { visitorId?: number; onDone?: () => void }) {
  const { t } = useTranslation();
  const register = useRegister();
  const [values, setValues] = useState<Partial<Record<Wish, number>>>({});
  const [missing, setMissing] = useState<Wish[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const label = (wish: Wish) =>
    wish === 'oneConsultWishes'
      ? t('appointments.register.oneWishes')
      : t('appointments.register.teamWishes');
  const optionText = (wish: Wish, v: number) =>
    wish === 'oneConsultWishes'
      ? t(`appointments.register.one.${v as 1 | 2 | 3}`)
      : t(`appointments.register.team.${v as 1 | 2}`);

  const submit = async () => {
    const unanswered = (Object.keys(CHOICES) as Wish[]).filter((w) => values[w] === undefined);
    setMissing(unanswered);
    setFailure(null);
    if (unanswered.length) return;
    try {
      await register.mutateAsync({
        oneConsultWishes: values.oneConsultWishes!,
        teamConsultWishes: values.teamConsultWishes!,
        preferredTimes: [],
        ...(visitorId ? { visitorId } : {}),
      });
      showToast('success', t('appointments.register.done'));
      onDone?.();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('appointments.book.failed'));
    }
  };

  return (
    <Card size="small" title={t('appointments.register.title')} data-testid="registration-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('appointments.register.intro')}</Typography.Text>
        {(Object.keys(CHOICES) as Wish[]).map((wish) => (
          <fieldset key={wish} className={styles.fieldset}>
            <legend className={styles.legend}>{label(wish)}</legend>
            <div className={styles.verticalRadios}>
              {CHOICES[wish].map((v) => (
                <label key={v} className={styles.radioOption}>
                  <input
                    type="radio"
                    name={wish}
                    value={v}
                    checked={values[wish] === v}
                    onChange={() => {
                      setValues((old) => ({ ...old, [wish]: v }));
                      setMissing((old) => old.filter((w) => w !== wish));
                    }}
                  />
                  <span>{optionText(wish, v)}</span>
                </label>
              ))}
            </div>
            {missing.includes(wish) && (
              <Typography.Text type="danger" role="alert">
                {t('appointments.register.required', { label: label(wish) })}
              </Typography.Text>
            )}
          </fieldset>
        ))}
        {failure && <Alert type="error" showIcon title={failure} />}
        <Button
          type="primary"
          loading={register.isPending}
          onClick={() => void submit()}
          data-testid="registration-submit"
        >
          {t('appointments.register.submit')}
        </Button>
      </Flex>
    </Card>
  );
}
