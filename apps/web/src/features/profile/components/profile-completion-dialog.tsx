import type { BasicProfileField } from '@psy/contracts';
import { Alert, App, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { useEditMyBasicInfo } from '../api/basic-info';
import type { DeptFieldProps } from './dept-field';
import {
  basicInfoBody,
  checkBasicText,
  DOUBLE_CLICK_GUARD_MS,
  fieldsToAsk,
  isGuardedClick,
  localToday,
  sectionsToFill,
  stepButton,
  type BasicFieldMessageKey,
  type BasicValues,
  type ProfileSection,
} from '../model/profile-steps';
import styles from './profile-completion-dialog.module.css';

/** Spec S0.9.7: dialog width 780 px. */
const DIALOG_WIDTH = 780;

const LazyDeptField = lazy(async () => ({ default: (await import('./dept-field')).DeptField }));

/** Form.Item hands value and onChange to this; the tree picker loads only when the field is asked. */
function DeptSelect(props: DeptFieldProps) {
  return (
    <Suspense fallback={<Input id={props.id} disabled />}>
      <LazyDeptField {...props} />
    </Suspense>
  );
}

const SECTION_TITLE_KEYS = {
  0: 'profile.sections.basicInformation',
  1: 'profile.sections.otherInformation',
  2: 'profile.sections.personalPast',
  3: 'profile.sections.compreEvaluationInformation',
} as const satisfies Record<ProfileSection, string>;

export interface ProfileCompletionDialogProps {
  /** Sections still to fill (`isWriteInfo` of the user detail). */
  isWriteInfo: readonly number[];
  /** Empty required basic fields (`missingBasicFields` of the user detail). */
  missingBasicFields: readonly BasicProfileField[];
  /** Everything is confirmed (and saved). */
  onDone: () => void;
  onLogout: () => void;
}

/**
 * The dialog that asks for missing profile information at start-up (spec S0.2.24, S0.5.14). It steps
 * through the sections still to fill with Next, ends with Confirm (asked to confirm; the button ignores a
 * second click for 2 s) and cannot be dismissed. Section 0 asks the empty basic fields and saves them with
 * `editMy`; sections 1-3 are the school's profile forms, which come with the form engine.
 */
export function ProfileCompletionDialog({
  isWriteInfo,
  missingBasicFields,
  onDone,
  onLogout,
}: ProfileCompletionDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<BasicValues>();
  useRevalidateOnLanguageChange(form);
  // What to ask is fixed when the dialog opens: fields must not vanish while the user fills them in.
  const [sections] = useState(() => sectionsToFill(isWriteInfo));
  const [asked] = useState(() => (sections.includes(0) ? fieldsToAsk(missingBasicFields) : []));
  const [step, setStep] = useState(0);
  const [isGuarded, setIsGuarded] = useState(false);
  const lastClickAt = useRef<number | null>(null);
  const save = useEditMyBasicInfo();
  const today = localToday();

  useEffect(() => {
    if (!isGuarded) return;
    const timer = setTimeout(() => setIsGuarded(false), DOUBLE_CLICK_GUARD_MS);
    return () => clearTimeout(timer);
  }, [isGuarded]);

  const textRule = (field: 'realName' | 'numberName' | 'phone' | 'birthday') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const key: BasicFieldMessageKey | null = checkBasicText(field, value ?? '', today);
      if (key) throw new Error(t(key));
    },
  });

  const validateCurrent = async () => {
    if (sections[step] !== 0 || asked.length === 0) return true;
    try {
      await form.validateFields();
      return true;
    } catch {
      return false;
    }
  };

  const next = async () => {
    if (await validateCurrent()) setStep((index) => Math.min(index + 1, sections.length - 1));
  };

  const confirm = async () => {
    const now = Date.now();
    if (isGuardedClick(lastClickAt.current, now)) return;
    lastClickAt.current = now;
    setIsGuarded(true);
    if (!(await validateCurrent())) return;
    const body = basicInfoBody(form.getFieldsValue(true), asked);
    modal.confirm({
      title: t('profile.confirmSubmit'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (Object.keys(body).length > 0) {
          try {
            await save.mutateAsync(body);
          } catch {
            // The request layer showed why; the user corrects and confirms again.
            return;
          }
          showToast('success', t('profile.saved'));
        }
        onDone();
      },
    });
  };

  const isLast = stepButton(step, sections.length) === 'confirm';

  return (
    <Modal
      open
      title={t('profile.title')}
      width={DIALOG_WIDTH}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={[
        <Button key="logout" onClick={onLogout}>
          {t('profile.logout')}
        </Button>,
        isLast ? (
          <Button
            key="confirm"
            type="primary"
            onClick={() => void confirm()}
            disabled={isGuarded}
            loading={save.isPending}
          >
            {t('profile.confirm')}
          </Button>
        ) : (
          <Button key="next" type="primary" onClick={() => void next()}>
            {t('profile.next')}
          </Button>
        ),
      ]}
    >
      <Typography.Paragraph>{t('profile.intro')}</Typography.Paragraph>
      {sections.length > 1 && (
        // A plain step list: the dialog loads on top of the layout and must stay light.
        <ol className={styles.steps} aria-label={t('profile.title')}>
          {sections.map((section, index) => (
            <li
              key={section}
              aria-current={index === step ? 'step' : undefined}
              className={index === step ? styles.stepCurrent : index < step ? styles.stepDone : undefined}
            >
              <span className={styles.stepNumber}>{index + 1}</span>
              {t(SECTION_TITLE_KEYS[section])}
            </li>
          ))}
        </ol>
      )}
      <Form<BasicValues> form={form} name="profile-completion" layout="vertical" autoComplete="off">
        {sections.map((section, index) => (
          <section key={section} hidden={index !== step} aria-label={t(SECTION_TITLE_KEYS[section])}>
            <Typography.Title level={2} className={styles.sectionTitle}>
              {t(SECTION_TITLE_KEYS[section])}
            </Typography.Title>
            {section === 0 ? (
              <>
                {asked.includes('realName') && (
                  <Form.Item
                    name="realName"
                    label={t('profile.fields.realName.label')}
                    required
                    rules={[textRule('realName')]}
                  >
                    <Input autoComplete="name" maxLength={60} />
                  </Form.Item>
                )}
                {asked.includes('numberName') && (
                  <Form.Item
                    name="numberName"
                    label={t('profile.fields.numberName.label')}
                    required
                    rules={[textRule('numberName')]}
                  >
                    <Input maxLength={40} />
                  </Form.Item>
                )}
                {asked.includes('phone') && (
                  <Form.Item
                    name="phone"
                    label={t('profile.fields.phone.label')}
                    required
                    rules={[textRule('phone')]}
                  >
                    <Input inputMode="numeric" autoComplete="tel" maxLength={11} />
                  </Form.Item>
                )}
                {asked.includes('deptId') && (
                  <Form.Item
                    name="deptId"
                    label={t('profile.fields.deptId.label')}
                    required
                    rules={[{ required: true, message: t('profile.fields.deptId.required') }]}
                  >
                    <DeptSelect />
                  </Form.Item>
                )}
                {asked.includes('sex') && (
                  <Form.Item
                    name="sex"
                    label={t('profile.fields.sex.label')}
                    required
                    rules={[{ required: true, message: t('profile.fields.sex.required') }]}
                  >
                    <Radio.Group
                      options={[
                        { value: 1, label: t('profile.fields.sex.male') },
                        { value: 2, label: t('profile.fields.sex.female') },
                      ]}
                    />
                  </Form.Item>
                )}
                {asked.includes('birthday') && (
                  <Form.Item
                    name="birthday"
                    label={t('profile.fields.birthday.label')}
                    required
                    rules={[textRule('birthday')]}
                  >
                    {/* The browser's own date field: light, and the phone's date wheel for students. */}
                    <Input type="date" max={today} />
                  </Form.Item>
                )}
              </>
            ) : (
              <Alert type="info" showIcon title={t('profile.formLater')} />
            )}
          </section>
        ))}
      </Form>
    </Modal>
  );
}
