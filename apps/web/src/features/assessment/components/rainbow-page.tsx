import { Button, Card, Descriptions, Flex, Result, Select, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownPath } from '../../../shared/lib/seeded-names';
import { useRainbowInfo, useRainbowPage, type RainbowRow } from '../api/after';
import { RAINBOW_HEX } from '../lib/labels';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { RiskTag, useGo } from './common';

const COLOURS = ['red', 'orange', 'yellow', 'green', 'grey'] as const;
type Colour = (typeof COLOURS)[number];

function ColourTag({ colour }: { colour: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={RAINBOW_HEX[colour]} style={{ color: '#fff' }}>
      {t(`assessment.rainbow.colours.${colour as Colour}`)}
    </Tag>
  );
}

/**
 * `/mindtherainbowInfo/info` (spec S1.2.6): the students' rainbow codes, most serious first; `?userId=`
 * one student's colour with the rule that decided it, its inputs and every rule written out.
 */
export function RainbowPage() {
  const { search } = usePageInfo();
  const userId = readId(search, 'userId');
  return userId === null ? <RainbowList /> : <RainbowDetail userId={userId} />;
}

function RainbowList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const list = useAdminList<{ name?: string; colour?: Colour }>({});
  const rows = useRainbowPage(list.query);
  const columns: AdminColumn<RainbowRow>[] = [
    { key: 'name', title: t('assessment.common.name'), dataIndex: 'realName', alwaysShown: true },
    { key: 'number', title: t('assessment.common.number'), dataIndex: 'numberName' },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    {
      key: 'colour',
      title: t('assessment.rainbow.colour'),
      render: (_, r) => <ColourTag colour={r.colour} />,
    },
    { key: 'rule', title: t('assessment.rainbow.rule'), dataIndex: 'rule' },
    {
      key: 'time',
      title: t('assessment.rainbow.updated'),
      render: (_, r) => formatDateTime(r.updateTime, lang),
    },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, r) => (
        <RowButton
          label={t('assessment.common.details')}
          ariaLabel={`${t('assessment.common.details')} ${r.realName}`}
          onClick={() => go(pathWith(ASSESSMENT_PATHS.rainbow, { userId: r.userId }))}
        />
      ),
    },
  ];
  return (
    <AdminPage title={t('assessment.rainbow.title')} intro={t('assessment.rainbow.intro')}>
      <AdminTable<RainbowRow>
        rowKey="userId"
        columns={columns}
        query={rows}
        list={list}
        testId="rainbow-table"
        toolbar={
          <>
            <SearchBox
              placeholder={t('assessment.common.searchName')}
              onSearch={(name) => list.refine({ name })}
            />
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('assessment.rainbow.colour')}
              aria-label={t('assessment.rainbow.colour')}
              options={COLOURS.map((c) => ({ value: c, label: t(`assessment.rainbow.colours.${c}`) }))}
              onChange={(colour?: Colour) => list.refine({ colour })}
            />
          </>
        }
      />
    </AdminPage>
  );
}

function RainbowDetail({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const info = useRainbowInfo(userId);
  const back = <Button onClick={() => go(ASSESSMENT_PATHS.rainbow)}>{t('assessment.common.back')}</Button>;
  if (info.isPending) return <Spin />;
  if (!info.data) return <Result status="404" title={t('assessment.common.notFound')} extra={back} />;
  const r = info.data;
  const { latestScreening: screen, latestInterview: interview } = r.inputs;
  return (
    <AdminPage title={t('assessment.rainbow.detailTitle', { name: r.realName })} extra={back}>
      <Flex vertical gap={12}>
        <Flex align="center" gap={12} data-testid="rainbow-colour">
          <span
            aria-hidden
            style={{
              width: 48,
              height: 48,
              borderRadius: 24,
              background: RAINBOW_HEX[r.colour],
              display: 'inline-block',
            }}
          />
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            {t(`assessment.rainbow.colours.${r.colour}`)} · {r.rule}
          </Typography.Title>
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'dept', label: t('assessment.common.dept'), children: shownPath(r.deptName) ?? '-' },
            {
              key: 'screen',
              label: t('assessment.rainbow.latestScreening'),
              children: screen ? (
                <>
                  {formatDateTime(screen.at, lang)} <RiskTag grade={screen.riskGrade} />
                  {screen.screenPositive && <Tag color="red">{t('assessment.answers.screenPositive')}</Tag>}
                </>
              ) : (
                t('assessment.rainbow.none')
              ),
            },
            {
              key: 'warnings',
              label: t('assessment.rainbow.openWarnings'),
              children: t('assessment.rainbow.warningCounts', {
                critical: r.inputs.openWarnings.critical,
                other: r.inputs.openWarnings.other,
              }),
            },
            {
              key: 'interview',
              label: t('assessment.rainbow.latestInterview'),
              children: interview ? (
                <>
                  {formatDateTime(interview.at, lang)} <RiskTag grade={interview.riskGrade} />
                  {interview.nextStep
                    ? t(`assessment.interview.steps.${interview.nextStep as 1 | 2 | 3 | 4}`)
                    : ''}
                </>
              ) : (
                t('assessment.rainbow.none')
              ),
            },
            {
              key: 'crisis',
              label: t('assessment.rainbow.crisisLevel'),
              children: r.inputs.crisisLevel ?? t('assessment.rainbow.none'),
            },
          ]}
        />
        <Card size="small" title={t('assessment.rainbow.rules')}>
          <Table
            size="small"
            rowKey="rule"
            pagination={false}
            dataSource={r.rules}
            rowClassName={(rule) => (rule.rule === r.rule ? 'ant-table-row-selected' : '')}
            columns={[
              { key: 'rule', title: t('assessment.rainbow.rule'), dataIndex: 'rule', width: 64 },
              {
                key: 'colour',
                title: t('assessment.rainbow.colour'),
                render: (_, rule) => <ColourTag colour={rule.colour} />,
                width: 100,
              },
              { key: 'text', title: t('assessment.rainbow.when'), dataIndex: 'text' },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('assessment.rainbow.firstRule')}
          </Typography.Paragraph>
        </Card>
      </Flex>
    </AdminPage>
  );
}
