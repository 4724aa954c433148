import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime, formatTimeAgo } from '../../../shared/lib/time-ago';
import { typeCodeLabelKey } from '../lib/type-label';

/** A message's type code, named when this version knows it (the code itself in the tooltip). */
export function MessageTypeTag({ typeCode }: { typeCode: string }) {
  const { t } = useTranslation();
  const key = typeCodeLabelKey(typeCode);
  return (
    <Tag variant="filled" color="blue" title={typeCode} data-type-code={typeCode}>
      {key ? t(key) : typeCode}
    </Tag>
  );
}

/** Create time "3 hours ago", with the date and time in the reader's language beside it or on hover. */
export function MessageTime({ value, now, showDate }: { value: string; now: number; showDate?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const full = formatDateTime(value, language);
  const ago = formatTimeAgo(value, (key, options) => (options ? t(key, options) : t(key)), language, now);
  if (showDate) {
    return (
      <time dateTime={value}>
        {full}
        {ago !== full && ` · ${ago}`}
      </time>
    );
  }
  return (
    <Tooltip title={full}>
      <time dateTime={value}>{ago}</time>
    </Tooltip>
  );
}
