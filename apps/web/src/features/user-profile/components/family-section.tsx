import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { FAMILY_MEMBER_MAX, PHONE_PATTERN } from '@psy/contracts';
import { Button, Card, Col, Form, Input, Radio, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useMyFamilyInfo, useSaveMyFamilyInfo } from '../api/user-profile';
import { familyInfoFromForm, type FamilyFormValues } from '../lib/family-form';

/**
 * The signed-in user's family information (spec S0.7.13 `findMineUserFamilyInfo`,
 * `updateMineUserFamilyInfo`): family members and a few household facts, kept as one document.
 */
export function FamilySection() {
  const { t } = useTranslation();
  const family = useMyFamilyInfo();
  const save = useSaveMyFamilyInfo();
  const [form] = Form.useForm<FamilyFormValues>();
  const info = family.data?.info ?? null;

  useEffect(() => {
    if (info) form.setFieldsValue(info as FamilyFormValues);
  }, [form, info]);

  const submit = async (values: FamilyFormValues) => {
    try {
      await save.mutateAsync(familyInfoFromForm(values));
    } catch {
      return;
    }
    showToast('success', t('userProfile.saved'));
  };

  return (
    <Card
      size="small"
      loading={family.isPending}
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('userProfile.family.title')}</h2>}
    >
      <Form<FamilyFormValues>
        form={form}
        layout="vertical"
        name="family-info"
        onFinish={(v) => void submit(v)}
      >
        <Form.List name="members">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row key={field.key} gutter={8} align="bottom" wrap>
                  <Col xs={12} md={4}>
                    <Form.Item
                      name={[field.name, 'relation']}
                      label={t('userProfile.family.relation')}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('userProfile.family.relationRequired'),
                        },
                      ]}
                    >
                      <Input maxLength={20} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item
                      name={[field.name, 'name']}
                      label={t('userProfile.family.name')}
                      rules={[
                        { required: true, whitespace: true, message: t('userProfile.family.nameRequired') },
                      ]}
                    >
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item
                      name={[field.name, 'phone']}
                      label={t('userProfile.family.phone')}
                      rules={[{ pattern: PHONE_PATTERN, message: t('userProfile.phoneInvalid') }]}
                    >
                      <Input inputMode="tel" maxLength={11} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'occupation']} label={t('userProfile.family.occupation')}>
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={5}>
                    <Form.Item name={[field.name, 'workplace']} label={t('userProfile.family.workplace')}>
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1}>
                    <Form.Item>
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('userProfile.family.removeMember')}
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({})}
                  disabled={fields.length >= FAMILY_MEMBER_MAX}
                >
                  {t('userProfile.family.addMember')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="isOnlyChild" label={t('userProfile.family.isOnlyChild')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('userProfile.yes') },
                  { value: 0, label: t('userProfile.no') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="economicStatus" label={t('userProfile.family.economicStatus')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="familyAddress" label={t('userProfile.family.address')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('userProfile.family.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('userProfile.save')}
        </Button>
      </Form>
    </Card>
  );
}
