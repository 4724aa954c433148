import { Button, Flex, Input, Rate, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useGiveFeedback, type MineAppointment } from '../api/mine';

/** A held session's feedback: 1-5 stars and a comment (S1.7.22, visitorSatisfaction). */
export function FeedbackForm({ a }: { a: MineAppointment }) {
  const { t } = useTranslation();
  const give = useGiveFeedback();
  const [stars, setStars] = useState(0);
  const [content, setContent] = useState('');
  return (
    <Flex vertical gap={6} data-testid="feedback-form">
      <Typography.Text>{t('cases.mine.howWasIt')}</Typography.Text>
      <Rate
        value={stars}
        onChange={setStars}
        count={5}
        aria-label={t('cases.mine.stars')}
        tooltips={[1, 2, 3, 4, 5].map((n) => t(`cases.feedback.levels.${n as 1 | 2 | 3 | 4 | 5}`))}
      />
      <Input.TextArea
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={1000}
        aria-label={t('cases.mine.comment')}
        placeholder={t('cases.mine.comment')}
        autoSize={{ minRows: 2 }}
      />
      <Button
        type="primary"
        block
        disabled={stars === 0}
        loading={give.isPending}
        data-testid="send-feedback"
        onClick={async () => {
          await give.mutateAsync({
            id: a.id,
            visitorSatisfaction: stars,
            content: content.trim() || undefined,
          });
          showToast('success', t('cases.mine.thanks'));
        }}
      >
        {t('cases.mine.send')}
      </Button>
    </Flex>
  );
}
