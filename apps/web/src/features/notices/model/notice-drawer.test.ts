import { describe, expect, it } from 'vitest';
import { closeNoticeDrawer, isNoticeDrawerOpen, openNoticeDrawer } from './notice-drawer';

describe('notice drawer store', () => {
  it('opens from the top bar or the phone user menu and closes again [spec:S0.1.3]', () => {
    expect(isNoticeDrawerOpen()).toBe(false);
    openNoticeDrawer();
    expect(isNoticeDrawerOpen()).toBe(true);
    closeNoticeDrawer();
    expect(isNoticeDrawerOpen()).toBe(false);
  });
});
