import { FORM_PERMISSIONS, type FormPurpose, hasPermission } from '@psy/contracts';
import { Card, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '../../../shared/ui/unsaved-changes-guard';
import { useUserInfo } from '../../auth';
import { useSmartFormSetting } from '../api/settings';
import { FormBuilder } from './form-builder';

export interface BoundFormBuilderProps {
  /** The business use whose bound form is edited (smart-form settings). */
  purpose: FormPurpose;
  /** Where "back" goes; default the previous page. */
  onClose?: () => void;
}

/**
 * The builder on the form bound to a business use (docs/forms.md "Builder"): the user-profile template
 * (`/user_manage/resetFields`, S0.2.14) and the agreement form. Each save is a new version of that form,
 * so the binding stays. No bound form (a school that unbound it): a new form of that purpose.
 */
export function BoundFormBuilder({ purpose, onClose }: BoundFormBuilderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserInfo();
  const canEdit = hasPermission(info.data?.permissions, FORM_PERMISSIONS.edit);
  const setting = useSmartFormSetting(purpose);
  // Unsaved changes (docs/forms.md "Unsaved changes"): the builder compares its draft with the loaded or
  // last saved form.
  const [dirty, setDirty] = useState(false);
  if (setting.isPending || info.isPending) return <Spin />;
  if (setting.isError)
    return (
      <Card>
        <Empty description={t('formAdmin.boundMissing')} />
      </Card>
    );
  return (
    <>
      <UnsavedChangesGuard dirty={dirty} keptAlive={false} />
      <FormBuilder
        formId={setting.data?.formId ?? null}
        initialPurpose={purpose}
        canEdit={canEdit}
        onClose={onClose ?? (() => void navigate(-1))}
        onDirtyChange={setDirty}
      />
    </>
  );
}

/** `/user_manage/resetFields` (menu sys_user_fields, S0.2.14 "template edit"): the user-profile template. */
export function UserProfileTemplatePage() {
  return <BoundFormBuilder purpose="user_profile" />;
}
