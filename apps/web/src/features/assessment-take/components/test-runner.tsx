import { Alert, Button, Card, Flex, Progress, Radio, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { createClickGuard } from '../../../shared/lib/click-guard';
import { showToast } from '../../../shared/ui/feedback';
import { useQueryClient } from '@tanstack/react-query';
import { useTenantId } from '../../../shared/session/session-store';
import { saveProgress, takeQueryKeys, useStartTest, useSubmitTest, type Task } from '../api/take';
import { TAKE_PATHS } from '../lib/take-paths';
import { pairText } from '../lib/report-text';
import {
  nextIndex,
  OUTCOME_STORAGE_KEY,
  resumeIndex,
  unansweredOf,
  unsavedOf,
  type Responses,
  type TestOutcome,
} from '../lib/test-progress';
import styles from './take.module.css';

const MODE_KEY = 'psy-assessment-mode';
type Mode = 'one' | 'list';
type SaveState = 'saved' | 'saving' | 'failed';

function readMode(): Mode {
  try {
    return localStorage.getItem(MODE_KEY) === 'list' ? 'list' : 'one';
  } catch {
    return 'one';
  }
}

/** `/evaluation_user_test/index?planId=&scaleId=`: one test, opened (or reopened) on the server. */
export function TestRunner({ planId, scaleId }: { planId: number; scaleId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const task = useStartTest(planId, scaleId);
  if (task.isPending) return <Spin />;
  if (task.isError || !task.data) {
    return (
      <Card variant="borderless">
        <Alert
          type="warning"
          showIcon
          title={t('assessmentTake.cannotOpen')}
          description={isApiError(task.error) ? task.error.message : undefined}
          action={
            <Button onClick={() => void navigate(TAKE_PATHS.tests)}>{t('assessmentTake.backToTests')}</Button>
          }
        />
      </Card>
    );
  }
  return <Paper task={task.data} />;
}

/**
 * The paper (spec S1.2.7, 375 px first): one item per screen or the whole list; each answer is saved at
 * once with the position, so closing the page loses nothing that reached the server; submit is guarded
 * for 2 s and the server records one answer whatever happens (S1.5.13).
 */
function Paper({ task }: { task: Task }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const items = task.paper.items;
  const itemNos = useMemo(() => items.map((i) => i.no), [items]);
  const [responses, setResponses] = useState<Responses>(task.responses);
  const [index, setIndex] = useState(() => resumeIndex(itemNos, task.responses, task.position));
  const [mode, setMode] = useState<Mode>(readMode);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const saved = useRef<Responses>(task.responses);
  const latest = useRef<Responses>(task.responses);
  const inFlight = useRef(false);
  const positionRef = useRef(task.position);
  const guard = useRef(createClickGuard());
  const submit = useSubmitTest();
  const queryClient = useQueryClient();
  const tenantId = useTenantId();
  const left = unansweredOf(itemNos, responses);
  const answered = itemNos.length - left.length;

  /** Sends what the server has not confirmed; one call at a time, the latest answers win. */
  const flush = async () => {
    if (inFlight.current) return;
    const changes = unsavedOf(latest.current, saved.current);
    if (Object.keys(changes).length === 0) {
      setSaveState('saved');
      return;
    }
    inFlight.current = true;
    setSaveState('saving');
    try {
      await saveProgress({ taskId: task.taskId, responses: changes, position: positionRef.current });
      saved.current = { ...saved.current, ...changes };
      inFlight.current = false;
      void flush();
    } catch {
      inFlight.current = false;
      setSaveState('failed');
    }
  };

  // What is left unsaved goes when the page is hidden (the phone locked, the app switched).
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  });

  const choose = (no: number, value: number, at: number) => {
    const next = { ...latest.current, [String(no)]: value };
    latest.current = next;
    setResponses(next);
    const move = mode === 'one' ? nextIndex(itemNos, next, at) : at;
    positionRef.current = itemNos[move] ?? no;
    if (mode === 'one') setIndex(move);
    void flush();
  };

  const onSubmit = async () => {
    if (left.length > 0) {
      showToast('warning', t('assessmentTake.unanswered', { items: left.join(', ') }));
      setIndex(itemNos.indexOf(left[0]!));
      return;
    }
    if (!guard.current()) return;
    try {
      const answer = await submit.mutateAsync({ taskId: task.taskId, responses: latest.current });
      const outcome: TestOutcome = { scaleName: pairText(task.paper.name, lang), ...answer };
      sessionStorage.setItem(OUTCOME_STORAGE_KEY, JSON.stringify(outcome));
      // Opening this test again asks the server afresh (which says it is submitted, or opens a repeat).
      queryClient.removeQueries({ queryKey: takeQueryKeys.of(tenantId, 'task', task.planId, task.scaleId) });
      void navigate(TAKE_PATHS.success);
    } catch {
      guard.current.reset();
    }
  };

  const changeMode = (value: Mode) => {
    setMode(value);
    try {
      localStorage.setItem(MODE_KEY, value);
    } catch {
      // The choice holds for this page only.
    }
  };

  const item = items[index];
  const optionsOf = (entry: (typeof items)[number], at: number) => (
    <Radio.Group
      // One group per item: an unanswered item starts empty (null keeps the group controlled).
      key={entry.no}
      className={styles.options}
      value={responses[String(entry.no)] ?? null}
      onChange={(e) => choose(entry.no, Number(e.target.value), at)}
      aria-label={t('assessmentTake.itemLabel', { no: entry.no })}
    >
      {entry.options.map((option) => (
        <Radio.Button key={option.value} value={option.value} className={styles.option}>
          {pairText(option.label, lang)}
        </Radio.Button>
      ))}
    </Radio.Group>
  );

  return (
    <div className={styles.paper}>
      <Card size="small">
        <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
          {pairText(task.paper.name, lang)}
        </Typography.Title>
        {task.anonymous && <Alert type="info" showIcon title={t('assessmentTake.anonymousNote')} />}
        <Typography.Paragraph type="secondary">
          {pairText(task.paper.instructions, lang)}
        </Typography.Paragraph>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Radio.Group
            optionType="button"
            value={mode}
            onChange={(e) => changeMode(e.target.value as Mode)}
            options={[
              { value: 'one', label: t('assessmentTake.modeOne') },
              { value: 'list', label: t('assessmentTake.modeList') },
            ]}
          />
          <Typography.Text
            type="secondary"
            className={styles.saveState}
            role="status"
            data-testid="save-state"
          >
            {t(`assessmentTake.save.${saveState}`)}
          </Typography.Text>
        </Flex>
        <Progress
          percent={Math.round((answered / Math.max(1, itemNos.length)) * 100)}
          format={() => `${answered}/${itemNos.length}`}
          aria-label={t('assessmentTake.progress', { answered, total: itemNos.length })}
        />
        {saveState === 'failed' && (
          <Alert
            type="warning"
            showIcon
            title={t('assessmentTake.saveFailed')}
            action={
              <Button size="small" onClick={() => void flush()}>
                {t('assessmentTake.retrySave')}
              </Button>
            }
          />
        )}
      </Card>

      <Card size="small" style={{ marginTop: 12 }}>
        {mode === 'one' && item ? (
          <section aria-labelledby={`item-${item.no}`} data-testid="test-item">
            <Typography.Text type="secondary">
              {t('assessmentTake.itemOf', { no: index + 1, total: items.length })}
            </Typography.Text>
            <p id={`item-${item.no}`} className={styles.itemText}>
              {pairText(item.text, lang)}
            </p>
            {optionsOf(item, index)}
            <Flex justify="space-between" gap={8} className={styles.nav}>
              <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
                {t('assessmentTake.previous')}
              </Button>
              <Button disabled={index >= items.length - 1} onClick={() => setIndex(index + 1)}>
                {t('assessmentTake.next')}
              </Button>
            </Flex>
          </section>
        ) : (
          <>
            {items.map((entry, at) => (
              <section key={entry.no} className={styles.listItem} aria-labelledby={`item-${entry.no}`}>
                <p id={`item-${entry.no}`} className={styles.itemText}>
                  {entry.no}. {pairText(entry.text, lang)}
                </p>
                {optionsOf(entry, at)}
              </section>
            ))}
          </>
        )}
        {(mode === 'list' || left.length === 0 || index === items.length - 1) && (
          <Button
            type="primary"
            block
            size="large"
            className={styles.nav}
            loading={submit.isPending}
            onClick={() => void onSubmit()}
            data-testid="submit-test"
          >
            {t('assessmentTake.submit')}
          </Button>
        )}
      </Card>
    </div>
  );
}
