import { Button, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyReports } from '../api/crisis';
import { CodeTag, NoData, When } from './common';

/**
 * The reporter's own reports (`POST /crisis/report/mine`): the student, their own words, the status and
 * whether the network has taken it on. Nothing else of the record: a reporter sees no clinical notes.
 */
export function MyReports() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const reports = useMyReports({ current, size: 10 });
  const records = reports.data?.records ?? [];
  return (
    <List
      loading={reports.isFetching && !reports.data}
      dataSource={records}
      locale={{ emptyText: <NoData text={t('crisis.mine.empty')} /> }}
      pagination={
        (reports.data?.total ?? 0) > 10
          ? { current, pageSize: 10, total: reports.data?.total ?? 0, onChange: setCurrent, size: 'small' }
          : false
      }
      renderItem={(report) => (
        <List.Item data-testid={`my-report-${report.id}`}>
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text strong>{report.student.realName}</Typography.Text>
              <CodeTag set="status" value={report.status} />
              {report.acknowledged ? (
                <Tag color="blue">{t('crisis.mine.acknowledged')}</Tag>
              ) : (
                <Tag color="purple">{t('crisis.mine.waiting')}</Tag>
              )}
              {report.urgent && <Tag color="red">{t('crisis.report.urgent')}</Tag>}
            </Space>
            {report.crisisEvents && <Typography.Text>{report.crisisEvents}</Typography.Text>}
            <Typography.Text type="secondary">
              {t('crisis.mine.reportedAt')} <When value={report.createTime} />
              {report.acknowledgedAt && (
                <>
                  {' · '}
                  {t('crisis.mine.acknowledgedAt')} <When value={report.acknowledgedAt} />
                </>
              )}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
      footer={
        reports.isError ? (
          <Button onClick={() => void reports.refetch()}>{t('adminKit.retry')}</Button>
        ) : undefined
      }
    />
  );
}
