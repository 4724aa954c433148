import { seededText } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { isNoticeHtml } from '../lib/notice-text';
import styles from './notices.module.css';

/**
 * A notice's body. Rich text is rendered as the HTML the server stored: `POST
 * /biz/message/notice/publish`, the only call that writes a notice's content, passes it through
 * `sanitizeNoticeHtml` (an allowlist of tags, attributes and URL schemes: no scripts, event handlers,
 * styles or `javascript:` links; docs/messages-and-notices.md), and the answer carries that stored text.
 * Sanitising once more here would only add a second, weaker copy of that rule. Plain text keeps its line
 * breaks. A notice the demo school was seeded with is shown in the reader's language.
 */
export function NoticeContent({ content }: { content: string }) {
  return isNoticeHtml(content) ? (
    <div
      className={`${styles.content} ${styles.rich}`}
      data-testid="notice-detail-content"
      dangerouslySetInnerHTML={{ __html: content }}
    />
  ) : (
    <div className={styles.content} data-testid="notice-detail-content">
      {seededText(content, currentLanguage()).trim()}
    </div>
  );
}
