import { MoonOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { readSession } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/feedback';
import { useUserInfo } from '../../auth';
import { useProducts } from '../api/products';
import { isHttpUrl, jumpOffer, SLEEP_PRODUCT_CODE, sleepJumpUrl } from '../lib/product-jumps';

/**
 * The top bar's jump to the sleep-management product (spec S0.1.3, S0.4.6), shown to users who have it:
 * its redirect URL in a new window with username and token. Its name is written beside the moon, which
 * alone reads as a dark-mode switch. Without a valid address (spec S0.8.8) it is shown only to those who
 * can set one, and tells them where.
 */
export function SleepJumpButton() {
  const { t } = useTranslation();
  const products = useProducts();
  const userInfo = useUserInfo();
  const sleep = products.data?.find((p) => p.productCode === SLEEP_PRODUCT_CODE);
  if (!sleep) return null;
  const urlFor = () => {
    const session = readSession();
    return session
      ? sleepJumpUrl(sleep.productRedirectUrl, {
          username: session.user.username,
          token: session.accessToken,
        })
      : null;
  };
  const offer = jumpOffer(isHttpUrl(sleep.productRedirectUrl) ? 'valid' : null, userInfo.data?.permissions);
  if (offer === 'hide') return null;

  const onClick = () => {
    // Built at the click, with the session's token as it is then.
    const url = urlFor();
    if (!url) {
      showToast('warning', t('productNav.sleepSetUrl', { name: sleep.productName }));
      return;
    }
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <Button
      type="text"
      icon={<MoonOutlined />}
      onClick={onClick}
      aria-label={sleep.productName}
      title={sleep.productName}
    >
      {sleep.productName}
    </Button>
  );
}
