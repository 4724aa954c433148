import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { SwapOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readActiveRoleId } from '../../../shared/session/session-store';
import { switchRole, usePortRoles } from '../api/roles';
import { showToast } from '../../../shared/ui/feedback';

/** Spec S0.4.13, S0.9.5: after a role switch the app reloads at the root 600 ms later. */
export const ROLE_SWITCH_RELOAD_MS = 600;

/**
 * Role switch in the top bar (spec S0.4.13, S0.6): the roles usable from this client; picking another one
 * asks to confirm, then the app starts again at the root with that role and no open tabs.
 */
export function RoleSwitch({ onSwitched }: { onSwitched: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const roles = usePortRoles();
  const usable = (roles.data ?? []).filter((r) => r.hasPortPermission);
  const activeId = readActiveRoleId();
  const active = usable.find((r) => r.roleId === activeId);
  if (usable.length < 2) return null;

  const choose = (roleId: number) => {
    if (roleId === activeId) return;
    modal.confirm({
      title: t('roles.switchConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await switchRole(roleId);
          showToast('success', t('roles.switched'));
          onSwitched();
          setTimeout(() => window.location.assign('/'), ROLE_SWITCH_RELOAD_MS);
        } catch {
          // The request layer showed why; the server's view of the user is reloaded (spec S0.4.13).
          await queryClient.invalidateQueries({ queryKey: ['auth'] });
        }
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: active ? [String(active.roleId)] : [],
        items: usable.map((r) => ({
          key: String(r.roleId),
          label: seededName(r.roleName, currentLanguage()),
        })),
        onClick: ({ key }) => choose(Number(key)),
      }}
    >
      <Button
        type="text"
        icon={<SwapOutlined />}
        // The visible role name starts the accessible name (WCAG 2.5.3), then what the button does.
        aria-label={`${active ? seededName(active.roleName, currentLanguage()) : t('roles.allRoles')} · ${t('roles.switch')}`}
        title={t('roles.switch')}
      >
        <span className="top-bar-text">
          {active ? seededName(active.roleName, currentLanguage()) : t('roles.allRoles')}
        </span>
      </Button>
    </Dropdown>
  );
}
