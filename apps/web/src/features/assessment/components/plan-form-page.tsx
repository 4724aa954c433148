import { seededName } from '@psy/contracts';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Spin,
  Switch,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { clearEditedErrors, showServerErrors } from '../../../shared/admin/form-dialog';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { createClickGuard } from '../../../shared/lib/click-guard';
import { showToast } from '../../../shared/ui/feedback';
import { usePlan, useSavePlan, useUserTypes, type Plan } from '../api/plans';
import { useScaleTree } from '../api/scales';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import {
  namedUserNames,
  newPlanValues,
  PLAN_FIELD_OF,
  PLAN_SERVER_FIELDS,
  planToValues,
  valuesToInput,
  type PlanFormValues,
} from '../lib/plan-form';
import { useGo } from './common';
import { DeptMultiPicker, UserMultiPicker } from './audience-pickers';

/**
 * `/addPlanInfo/index` and `/editPlanInfo/index?id=` (spec S1.2.4): a plan's scales, audience (departments,
 * grades, user types, named people), window, anonymity, what students see, repeats and reminders. A
 * published plan keeps its scales, kind and anonymity (the server refuses a change, naming the field).
 */
export function PlanFormPage() {
  const { path, search } = usePageInfo();
  const id = path === ASSESSMENT_PATHS.editPlan ? readId(search, 'id') : null;
  const plan = usePlan(id);
  const { t } = useTranslation();
  if (path === ASSESSMENT_PATHS.editPlan && id === null)
    return <Result status="404" title={t('assessment.common.notFound')} />;
  if (id !== null && plan.isPending) return <Spin />;
  return <PlanForm key={id ?? 'new'} plan={plan.data ?? null} />;
}

function PlanForm({ plan }: { plan: Plan | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const [form] = Form.useForm<PlanFormValues>();
  const tree = useScaleTree(lang);
  const userTypes = useUserTypes();
  const save = useSavePlan();
  const guard = useRef(createClickGuard());
  const withServerErrors = useRef(new Set<string>());
  const [initial] = useState<PlanFormValues>(() => (plan ? planToValues(plan) : newPlanValues()));
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const anonymous = Form.useWatch('anonymous', form) ?? initial.anonymous;
  const isLocked = plan !== null && plan.status !== 1;
  const [namedUsers] = useState(() => namedUserNames(plan));

  const scaleOptions = (tree.data ?? []).map((category) => ({
    label: category.name,
    title: category.name,
    options: category.children.map((s) => ({ value: s.id, label: `${s.name} (${s.itemCount})` })),
  }));
  // A plan keeps a scale that was since disabled: show it by the plan's name for it.
  for (const s of plan?.scales ?? []) {
    if (!scaleOptions.some((g) => g.options.some((o) => o.value === s.scaleId)))
      scaleOptions.push({ label: s.name, title: s.name, options: [{ value: s.scaleId, label: s.name }] });
  }

  const submit = async (values: PlanFormValues) => {
    if (!guard.current()) return;
    try {
      const saved = await save.mutateAsync({ ...valuesToInput(values, plan), id: plan?.id });
      showToast('success', t('adminKit.saved'));
      go(pathWith(ASSESSMENT_PATHS.plans, { id: saved.id }));
    } catch (error) {
      guard.current.reset();
      for (const field of showServerErrors(form, error, PLAN_SERVER_FIELDS, {
        fallback: t('adminKit.saveFailed'),
        fieldOf: PLAN_FIELD_OF,
      }))
        withServerErrors.current.add(String(field));
    }
  };

  return (
    <AdminPage
      title={
        plan
          ? t('assessment.plan.editTitle', { name: seededName(plan.name, lang) })
          : t('assessment.plan.add')
      }
      extra={<Button onClick={() => go(ASSESSMENT_PATHS.plans)}>{t('assessment.common.back')}</Button>}
    >
      {isLocked && (
        <Alert type="info" showIcon title={t('assessment.plan.lockedNote')} style={{ marginBottom: 12 }} />
      )}
      <Form<PlanFormValues>
        form={form}
        name="plan-form"
        layout="vertical"
        autoComplete="off"
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed) => clearEditedErrors(form, changed, withServerErrors.current)}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('assessment.plan.name')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('assessment.plan.kind')}>
              <Radio.Group
                disabled={isLocked}
                options={[1, 2].map((k) => ({ value: k, label: t(`assessment.plan.kinds.${k as 1 | 2}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('assessment.plan.description')}>
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="scaleIds"
              label={t('assessment.plan.scales')}
              rules={[{ required: true, message: t('assessment.plan.chooseScale') }]}
            >
              <Select
                mode="multiple"
                disabled={isLocked}
                loading={tree.isPending}
                options={scaleOptions}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('assessment.plan.chooseScale')}
              />
            </Form.Item>
          </Col>
        </Row>

        <h2 style={{ fontSize: 16 }}>{t('assessment.plan.audienceTitle')}</h2>
        <p style={{ color: 'rgba(0,0,0,0.65)' }}>{t('assessment.plan.audienceHint')}</p>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="deptIds" label={t('assessment.plan.depts')}>
              <DeptMultiPicker />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="grades" label={t('assessment.plan.grades')}>
              <Select
                mode="tags"
                tokenSeparators={[',', '，', ' ']}
                placeholder={t('assessment.plan.gradesHint')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="userTypeIds" label={t('assessment.plan.userTypes')}>
              <Select
                mode="multiple"
                loading={userTypes.isPending}
                options={(userTypes.data ?? []).map((u) => ({
                  value: u.id,
                  label: seededName(u.name, lang),
                }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="userIds" label={t('assessment.plan.users')}>
              <UserMultiPicker names={namedUsers} />
            </Form.Item>
          </Col>
        </Row>

        <h2 style={{ fontSize: 16 }}>{t('assessment.plan.rulesTitle')}</h2>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="startTime"
              label={t('assessment.plan.startTime')}
              rules={kind === 1 ? [{ required: true, message: t('assessment.plan.windowRequired') }] : []}
            >
              <Input type="datetime-local" disabled={isLocked && plan?.status !== 1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="endTime"
              label={t('assessment.plan.endTime')}
              rules={kind === 1 ? [{ required: true, message: t('assessment.plan.windowRequired') }] : []}
            >
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="anonymous" label={t('assessment.plan.anonymous')} valuePropName="checked">
              <Switch disabled={isLocked} />
            </Form.Item>
            {anonymous && (
              <Alert
                type="warning"
                showIcon
                title={t('assessment.plan.anonymousWarning')}
                style={{ marginBottom: 16 }}
              />
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="resultVisibility" label={t('assessment.plan.resultVisibility')}>
              <Radio.Group
                options={[0, 1, 2].map((v) => ({
                  value: v,
                  label: t(`assessment.plan.visibility.${v as 0 | 1 | 2}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="maxAttempts" label={t('assessment.plan.maxAttempts')}>
              <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {kind === 2 && (
            <Col xs={12} md={6}>
              <Form.Item name="minDaysBetween" label={t('assessment.plan.minDaysBetween')}>
                <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="flagRule" label={t('assessment.plan.flagRule')}>
              <Select
                options={[1, 2, 3].map((v) => ({
                  value: v,
                  label: t(`assessment.plan.flag.${v as 1 | 2 | 3}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="remindOnPublish"
              label={t('assessment.plan.remindOnPublish')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="remindHours"
              label={t('assessment.plan.remindHours')}
              tooltip={t('assessment.plan.remindHoursHint')}
            >
              <Input placeholder="72, 24" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="useRiskBands" label={t('assessment.plan.useRiskBands')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="warnOnScreenPositive"
              label={t('assessment.plan.warnOnScreenPositive')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="agreementText"
              label={t('assessment.plan.agreementText')}
              tooltip={t('assessment.plan.agreementHint')}
            >
              <Input.TextArea maxLength={5000} autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="helpText"
              label={t('assessment.plan.helpText')}
              tooltip={t('assessment.plan.helpHint')}
            >
              <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="end" gap={8}>
          <Button onClick={() => go(ASSESSMENT_PATHS.plans)}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="plan-save">
            {t('assessment.plan.save')}
          </Button>
        </Flex>
      </Form>
    </AdminPage>
  );
}
