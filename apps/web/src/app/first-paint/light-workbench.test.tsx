import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { crisisKeys } from '../../features/crisis/api/crisis';
import { hotlinesQueryOptions } from '../../features/crisis/api/keys';
import { i18next, i18nReady, loadCataloguePart } from '../../i18n/i18n';
import type { SessionUser } from '../../shared/session/session-store';
import { isFullWorkbenchShown } from './handover';
import { LightWorkbench, type Hotlines } from './light-workbench';

const STUDENT = {
  id: 19,
  username: 'student',
  realName: '林同学',
  tenantId: 1,
  roleList: [{ roleId: 3, roleCode: 'ROLE_GENERAL', roleName: '普通用户' }],
} as unknown as SessionUser;

const HOTLINES: Hotlines = {
  enabled: true,
  hotlines: [
    { name: '心理援助热线 Mental health hotline', phone: '12356' },
    { name: '校心理中心 University counselling centre', phone: '010-12345678' },
  ],
};

const render = (hotlines: Hotlines | undefined, hasHelpTexts = true) =>
  renderToStaticMarkup(
    <LightWorkbench user={STUDENT} activeRoleId={3} hotlines={hotlines} hasHelpTexts={hasHelpTexts} />,
  );

describe('the light first paint of the student workbench (docs/web-shell.md) [spec:S0.2.6]', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadCataloguePart('crisis');
  });

  it("shows the student's own workbench: greeting, account, active role, the help card's text and the school's hotlines to call", () => {
    const html = render(HOTLINES);
    const t = i18next.t.bind(i18next);
    expect(html).toContain(t('home.signedInAs', { realName: '林同学' }));
    expect(html).toContain(t('home.account', { username: 'student' }));
    expect(html).toContain(`普通用户 · ${t('home.activeRole')}`);
    expect(html).toContain(t('crisis.help.title'));
    expect(html).toContain(t('crisis.help.intro'));
    // Each number is a link the phone dials.
    expect(html).toContain('href="tel:12356"');
    expect(html).toContain('href="tel:01012345678"');
    expect(html).toContain('<strong>010-12345678</strong>');
    // The help button needs the full app's confirmation: it says it is not ready rather than doing nothing.
    expect(html).toMatch(
      new RegExp(
        `<button type="button"[^>]*aria-disabled="true"[^>]*aria-busy="true"[^>]*>${t('crisis.help.button')}`,
      ),
    );
  });

  it('leaves the help card out where the school offers no help button, and waits for its texts', () => {
    expect(render({ enabled: false, hotlines: [] })).not.toContain('data-testid="first-paint-help"');
    expect(render(HOTLINES, false)).not.toContain('data-testid="first-paint-help"');
    // While the hotlines are on their way the card's text is already there.
    expect(render(undefined)).toContain(i18next.t('crisis.help.intro'));
  });

  it("asks for the hotlines under the help card's own query key, so the full card reads the start-up answer", () => {
    expect(hotlinesQueryOptions(4).queryKey).toEqual(crisisKeys.of(4, 'hotlines'));
  });
});

describe('the hand-over from the light first paint to the layout', () => {
  const on =
    (...present: string[]) =>
    (selector: string) =>
      present.includes(selector);
  const HOME = '/wel/index';

  it('keeps the light view while the full app is still loading (its spinner, the layout without the help card)', () => {
    expect(isFullWorkbenchShown(on(), HOME, HOTLINES)).toBe(false);
    expect(isFullWorkbenchShown(on('[data-testid="signed-in-as"]'), HOME, HOTLINES)).toBe(false);
    // The full help card without its numbers yet: the light one, which lists them, stays.
    expect(isFullWorkbenchShown(on('[data-testid="crisis-help"]'), HOME, HOTLINES)).toBe(false);
  });

  it('hands over once the full help card lists the hotlines, or had none to list', () => {
    const full = on('[data-testid="crisis-help"]', '[data-testid="crisis-help"] a[href^="tel:"]');
    expect(isFullWorkbenchShown(full, HOME, HOTLINES)).toBe(true);
    expect(isFullWorkbenchShown(full, `${HOME}/`, HOTLINES)).toBe(true);
    expect(isFullWorkbenchShown(on('[data-testid="crisis-help"]'), HOME, null)).toBe(true);
    expect(
      isFullWorkbenchShown(on('[data-testid="crisis-help"]'), HOME, { enabled: true, hotlines: [] }),
    ).toBe(true);
  });

  it('hands over on the full greeting where the school offers no help button', () => {
    const off = { enabled: false, hotlines: [] };
    expect(isFullWorkbenchShown(on(), HOME, off)).toBe(false);
    expect(isFullWorkbenchShown(on('[data-testid="signed-in-as"]'), HOME, off)).toBe(true);
  });

  it('hands over at once when the app leaves the workbench or opens a dialog the student must answer', () => {
    expect(isFullWorkbenchShown(on(), '/role-select', HOTLINES)).toBe(true);
    expect(isFullWorkbenchShown(on(), '/demo/login', HOTLINES)).toBe(true);
    expect(isFullWorkbenchShown(on('[role="dialog"]'), HOME, HOTLINES)).toBe(true);
  });
});
