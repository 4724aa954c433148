import { useTranslation } from 'react-i18next';
import styles from './embedded-page.module.css';

/** `/myiframe/{routerPath}` (spec S0.2.10): a menu entry's external address inside the layout. */
export function EmbeddedPage({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.frame}>
      <iframe
        src={url}
        title={title}
        className={styles.iframe}
        // The external page runs in its own origin; it may not navigate the app away.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
      />
      <a className={styles.newWindow} href={url} target="_blank" rel="noopener noreferrer">
        {t('errorPages.openInNewWindow')}
      </a>
    </div>
  );
}
