import { resolvePrimaryColor, type Brand } from '../../../shared/theme/brand';
import type { PageSetup } from '../api/get-page-setup';

/** The look of a tenant's pages from its page setup; empty texts count as not set. */
export function brandFromPageSetup(setup: PageSetup | null | undefined): Brand {
  const text = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  return {
    primaryColor: resolvePrimaryColor(setup?.layoutThemeColor),
    systemTitle: text(setup?.systemTitle),
    browserTitle: text(setup?.browserTitle),
    browserIcon: text(setup?.browserIcon),
    logo: text(setup?.navigateLogo),
    technicalSupport: text(setup?.technicalSupport),
  };
}
