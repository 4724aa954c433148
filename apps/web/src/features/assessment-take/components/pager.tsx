import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Previous and next for the student's short lists (lighter than the full pager on a phone). */
export function Pager({
  current,
  total,
  size,
  onChange,
}: {
  current: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / size);
  if (pages <= 1) return null;
  return (
    <Flex justify="center" align="center" gap={12}>
      <Button disabled={current <= 1} onClick={() => onChange(current - 1)}>
        {t('assessmentTake.previousPage')}
      </Button>
      <Typography.Text>{`${current} / ${pages}`}</Typography.Text>
      <Button disabled={current >= pages} onClick={() => onChange(current + 1)}>
        {t('assessmentTake.nextPage')}
      </Button>
    </Flex>
  );
}
