import { seededName, seededPath } from '@psy/contracts';
import type { individualReportSchema } from '@psy/contracts';
import { Alert, Card, Descriptions, Empty, Flex, List, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { profileOption } from '../lib/chart-options';
import { formatScore, pairText, RISK_GRADE_TAGS } from '../lib/report-text';
import styles from './take.module.css';

export type IndividualReport = z.infer<typeof individualReportSchema>;

// The chart library comes with the first report shown, never with other pages.
const EChart = lazy(async () => ({ default: (await import('../../../shared/ui/echart')).EChart }));

/** A risk grade of S0.9.3 as a coloured tag. */
export function RiskTag({ grade }: { grade: number | null | undefined }) {
  const { t } = useTranslation();
  const tag = grade ? RISK_GRADE_TAGS[grade] : undefined;
  return tag ? <Tag color={tag.color}>{t(`assessmentReport.risk.${tag.key}`)}</Tag> : <span>-</span>;
}

/**
 * The individual report of an answer (spec S1.2.3, report types of S1.2.13): the scores, the factor
 * profile chart (ECharts bar or radar, with the norm means), the bands with their interpretation text
 * from the scale definition, the screens and critical items, the risk grade (S0.9.3) and a profile code.
 */
export function ReportView({
  report,
  showPerson = true,
}: {
  report: IndividualReport;
  showPerson?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { answer, result, chart, scale } = report;
  const option = useMemo(
    () =>
      profileOption(
        {
          categories: chart.categories.map((c) => pairText(c, lang)),
          scores: chart.scores,
          normMeans: chart.normMeans,
        },
        scale.chart,
        { score: t('assessmentReport.score'), norm: t('assessmentReport.normMean') },
      ),
    [chart, scale.chart, lang, t],
  );

  const targetNames = {
    total: t('assessmentReport.target.total'),
    totalMean: t('assessmentReport.target.totalMean'),
    index: t('assessmentReport.target.index'),
    positiveItems: t('assessmentReport.target.positiveItems'),
  };
  const scores: { key: string; label: string; value: string }[] = [
    { key: 'total', label: t('assessmentReport.total'), value: formatScore(result.total) },
    { key: 'totalMean', label: t('assessmentReport.totalMean'), value: formatScore(result.totalMean) },
    ...(result.index !== null
      ? [{ key: 'index', label: t('assessmentReport.index'), value: formatScore(result.index) }]
      : []),
    ...(result.positiveItems !== null
      ? [{ key: 'positive', label: t('assessmentReport.positiveItems'), value: String(result.positiveItems) }]
      : []),
    ...(result.riskScore !== null
      ? [{ key: 'risk', label: t('assessmentReport.riskScore'), value: formatScore(result.riskScore) }]
      : []),
  ];

  return (
    <Flex vertical gap={12} data-testid="individual-report">
      <Card size="small">
        <Typography.Title level={2} className={styles.reportTitle}>
          {pairText(scale.name, lang)}
        </Typography.Title>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            ...(showPerson
              ? [
                  {
                    key: 'person',
                    label: t('assessmentReport.person'),
                    children: answer.anonymous
                      ? t('assessmentReport.anonymous')
                      : [answer.realName, answer.numberName, seededPath(answer.deptName, currentLanguage())]
                          .filter(Boolean)
                          .join(' · '),
                  },
                ]
              : []),
            {
              key: 'plan',
              label: t('assessmentReport.plan'),
              children: seededName(answer.planName, currentLanguage()),
            },
            {
              key: 'time',
              label: t('assessmentReport.submitTime'),
              children: formatDateTime(answer.submitTime, lang),
            },
            { key: 'reportType', label: t('assessmentReport.reportType'), children: scale.reportType },
            {
              key: 'norm',
              label: t('assessmentReport.norm'),
              children: report.normPopulation ? pairText(report.normPopulation, lang) : '-',
            },
            {
              key: 'grade',
              label: t('assessmentReport.riskGrade'),
              children: <RiskTag grade={result.riskGrade} />,
            },
          ]}
        />
        <Flex wrap gap={16} className={styles.scoreRow}>
          {scores.map((s) => (
            <div key={s.key} className={styles.scoreCell} data-testid={`report-${s.key}`}>
              <div className={styles.scoreValue}>{s.value}</div>
              <div className={styles.scoreLabel}>{s.label}</div>
            </div>
          ))}
          {result.profileCode && (
            <div className={styles.scoreCell}>
              <div className={styles.scoreValue}>{result.profileCode}</div>
              <div className={styles.scoreLabel}>{t('assessmentReport.profileCode')}</div>
            </div>
          )}
        </Flex>
      </Card>

      {result.critical.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('assessmentReport.criticalTitle')}
          description={
            <ul className={styles.plainList}>
              {result.critical.map((c) => (
                <li key={c.item}>
                  {t('assessmentReport.criticalItem', {
                    no: c.item,
                    text: pairText(c.itemText, lang),
                    option: pairText(c.optionLabel, lang),
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}

      <Card size="small" title={<h3 className={styles.cardTitle}>{t('assessmentReport.bands')}</h3>}>
        {result.bands.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assessmentReport.noBands')} />
        ) : (
          <List
            dataSource={result.bands}
            renderItem={(band) => (
              <List.Item key={band.target}>
                <List.Item.Meta
                  title={
                    <Flex gap={8} wrap align="center">
                      <span>{targetName(band.target, result.factors, lang, targetNames)}</span>
                      <Tag color={band.level >= 3 ? 'red' : band.level === 2 ? 'orange' : 'blue'}>
                        {pairText(band.label, lang)}
                      </Tag>
                      <Typography.Text type="secondary">{formatScore(band.value)}</Typography.Text>
                    </Flex>
                  }
                  description={pairText(band.interpretation, lang)}
                />
              </List.Item>
            )}
          />
        )}
        {result.screens.length > 0 && (
          <Flex wrap gap={8} className={styles.screens}>
            {result.screens.map((s) => (
              <Tag key={s.code} color={s.positive ? 'red' : 'default'}>
                {pairText(s.label, lang)}:{' '}
                {s.positive ? t('assessmentReport.positive') : t('assessmentReport.negative')}
              </Tag>
            ))}
          </Flex>
        )}
      </Card>

      {result.factors.length > 0 && (
        <Card size="small" title={<h3 className={styles.cardTitle}>{t('assessmentReport.profile')}</h3>}>
          <Suspense fallback={<Spin />}>
            <EChart
              option={option}
              height={320}
              label={t('assessmentReport.profile')}
              testId="profile-chart"
            />
          </Suspense>
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            scroll={{ x: 560 }}
            dataSource={result.factors}
            columns={[
              { key: 'name', title: t('assessmentReport.factor'), render: (_, f) => pairText(f.name, lang) },
              { key: 'raw', title: t('assessmentReport.raw'), render: (_, f) => formatScore(f.raw) },
              { key: 'mean', title: t('assessmentReport.mean'), render: (_, f) => formatScore(f.mean) },
              { key: 'score', title: t('assessmentReport.score'), render: (_, f) => formatScore(f.score) },
              { key: 't', title: t('assessmentReport.tScore'), render: (_, f) => formatScore(f.t) },
              {
                key: 'band',
                title: t('assessmentReport.band'),
                render: (_, f) => (f.band ? pairText(f.band.label, lang) : '-'),
              },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}

const TARGETS = ['total', 'totalMean', 'index', 'positiveItems'] as const;
type NamedTarget = (typeof TARGETS)[number];

function targetName(
  target: string,
  factors: IndividualReport['result']['factors'],
  lang: string,
  names: Readonly<Record<NamedTarget, string>>,
): string {
  if (target.startsWith('factor:')) {
    const factor = factors.find((f) => f.code === target.slice(7));
    return factor ? pairText(factor.name, lang) : target;
  }
  return (TARGETS as readonly string[]).includes(target) ? names[target as NamedTarget] : target;
}
