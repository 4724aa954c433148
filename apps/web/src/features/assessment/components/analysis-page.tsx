import { Button, Card, Empty, Flex, Segmented, Select, Spin, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupBy } from '@psy/contracts';
import { AdminPage } from '../../../shared/admin/admin-page';
import { ExportButton } from '../../../shared/admin/export-button';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { shownName } from '../../../shared/lib/seeded-names';
import { formatScore, groupedBarOption, pairText } from '../../assessment-take';
import { usePlan, usePlanPage } from '../api/plans';
import { exportComprehensive, useComprehensive, type Comprehensive } from '../api/results';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { useAssessmentButtons, useGo } from './common';

// The chart library comes with the report pages only.
const EChart = lazy(async () => ({ default: (await import('../../../shared/ui/echart')).EChart }));

type Stats = Comprehensive['groups'][number];

/**
 * `/comprehensiveAnalysis?planId=&scaleId=` (spec S1.2.3): one plan and scale by department, grade or
 * gender: counts, means, the S0.9.3 risk grades, screens, warnings and factor means, drawn with ECharts,
 * each count a drill-down into its answers (S1.2.10), and the XLSX export through the download list.
 */
export function AnalysisPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { search } = usePageInfo();
  const go = useGo();
  const buttons = useAssessmentButtons();
  const [planId, setPlanId] = useState<number | null>(readId(search, 'planId'));
  const [scaleId, setScaleId] = useState<number | null>(readId(search, 'scaleId'));
  const [groupBy, setGroupBy] = useState<GroupBy>('dept');
  const plans = usePlanPage({ current: 1, size: 100 });
  const plan = usePlan(planId);
  const scales = plan.data?.scales ?? [];
  const chosenScale = scaleId ?? scales[0]?.scaleId ?? null;
  const query = planId !== null && chosenScale !== null ? { planId, scaleId: chosenScale, groupBy } : null;
  const analysis = useComprehensive(query);
  const data = analysis.data;

  const riskOption = useMemo(
    () =>
      data
        ? groupedBarOption(
            {
              groups: data.groups.map((g) => g.label),
              series: [
                {
                  name: t('assessmentReport.risk.high'),
                  values: data.groups.map((g) => g.high),
                  color: '#cf1322',
                },
                {
                  name: t('assessmentReport.risk.medium'),
                  values: data.groups.map((g) => g.medium),
                  color: '#d46b08',
                },
                {
                  name: t('assessmentReport.risk.low'),
                  values: data.groups.map((g) => g.low),
                  color: '#389e0d',
                },
              ],
            },
            true,
          )
        : null,
    [data, t],
  );
  const factorOption = useMemo(
    () =>
      data && data.factors.length > 0
        ? groupedBarOption({
            groups: data.factors.map((f) => pairText(f.name, lang)),
            series: [
              { name: t('assessment.analysis.all'), values: data.all.factors.map((f) => f.mean ?? 0) },
              ...data.groups
                .slice(0, 6)
                .map((g) => ({ name: g.label, values: g.factors.map((f) => f.mean ?? 0) })),
            ],
          })
        : null,
    [data, lang, t],
  );

  const drill = (group: Stats, extra: Record<string, string | number | boolean>) =>
    query &&
    go(pathWith(ASSESSMENT_PATHS.drillAnswers, { ...query, key: group.key, label: group.label, ...extra }));
  const count = (group: Stats, value: number, extra: Record<string, string | number | boolean>) =>
    value > 0 && buttons.resultView ? (
      <Button
        type="link"
        size="small"
        onClick={() => drill(group, extra)}
        aria-label={`${group.label} ${value}`}
      >
        {value}
      </Button>
    ) : (
      value
    );

  return (
    <AdminPage
      title={t('assessment.analysis.title')}
      intro={t('assessment.analysis.intro')}
      extra={
        <Flex gap={8} wrap>
          {buttons.reportExport && query && (
            <ExportButton
              label={t('assessment.analysis.export')}
              fileName="analysis.xlsx"
              call={() => exportComprehensive(query)}
              testId="analysis-export"
            />
          )}
          <Button onClick={() => go(ASSESSMENT_PATHS.report)}>{t('assessment.common.back')}</Button>
        </Flex>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ minWidth: 240 }}
          value={planId ?? undefined}
          placeholder={t('assessment.analysis.choosePlan')}
          aria-label={t('assessment.analysis.choosePlan')}
          options={(plans.data?.records ?? []).map((p) => ({ value: p.id, label: shownName(p.name) }))}
          onChange={(id: number) => {
            setPlanId(id);
            setScaleId(null);
          }}
        />
        <Select
          style={{ minWidth: 180 }}
          value={chosenScale ?? undefined}
          aria-label={t('assessment.common.scale')}
          options={scales.map((s) => ({ value: s.scaleId, label: s.name }))}
          onChange={(id: number) => setScaleId(id)}
        />
        <Segmented<GroupBy>
          value={groupBy}
          onChange={setGroupBy}
          options={(['dept', 'grade', 'sex'] as const).map((g) => ({
            value: g,
            label: t(`assessment.analysis.by.${g}`),
          }))}
        />
      </Flex>
      {query === null ? (
        <Empty description={t('assessment.analysis.choosePlan')} />
      ) : analysis.isPending ? (
        <Spin />
      ) : !data ? null : (
        <Flex vertical gap={12} data-testid="analysis">
          <Typography.Text>
            {t('assessment.analysis.summary', {
              count: data.all.count,
              high: data.all.high,
              medium: data.all.medium,
              screen: data.all.screenPositive,
              warnings: data.all.warnings,
            })}
          </Typography.Text>
          {data.suppressed > 0 && (
            <Typography.Text type="secondary">
              {t('assessment.analysis.suppressed', { count: data.suppressed })}
            </Typography.Text>
          )}
          <Table<Stats>
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: 900 }}
            dataSource={data.groups}
            data-testid="analysis-table"
            columns={[
              {
                key: 'label',
                title: t(`assessment.analysis.by.${groupBy}`),
                dataIndex: 'label',
                fixed: 'left',
              },
              {
                key: 'count',
                title: t('assessment.analysis.count'),
                render: (_, g) => count(g, g.count, {}),
              },
              {
                key: 'mean',
                title: t('assessment.analysis.totalMean'),
                render: (_, g) => `${formatScore(g.totalMean)} ± ${formatScore(g.totalSd)}`,
              },
              {
                key: 'high',
                title: t('assessmentReport.risk.high'),
                render: (_, g) => count(g, g.high, { riskGrade: 1 }),
              },
              {
                key: 'medium',
                title: t('assessmentReport.risk.medium'),
                render: (_, g) => count(g, g.medium, { riskGrade: 2 }),
              },
              {
                key: 'low',
                title: t('assessmentReport.risk.low'),
                render: (_, g) => count(g, g.low, { riskGrade: 3 }),
              },
              {
                key: 'screen',
                title: t('assessment.answers.screenPositive'),
                render: (_, g) => count(g, g.screenPositive, { screenPositive: true }),
              },
              {
                key: 'warnings',
                title: t('assessment.answers.warning'),
                render: (_, g) => count(g, g.warnings, { warning: true }),
              },
              ...data.factors.map((f, index) => ({
                key: `f-${f.code}`,
                title: pairText(f.name, lang),
                render: (_: unknown, g: Stats) => {
                  const factor = g.factors[index];
                  if (!factor) return '-';
                  return (
                    <span>
                      {formatScore(factor.mean)}
                      {factor.atLeast2 > 0 && buttons.resultView && query && (
                        <Button
                          type="link"
                          size="small"
                          onClick={() =>
                            go(
                              pathWith(ASSESSMENT_PATHS.drillData, {
                                ...query,
                                key: g.key,
                                label: g.label,
                                factor: f.code,
                              }),
                            )
                          }
                          aria-label={t('assessment.analysis.atLeast2', { count: factor.atLeast2 })}
                        >
                          ({factor.atLeast2})
                        </Button>
                      )}
                    </span>
                  );
                },
              })),
            ]}
          />
          <Suspense fallback={<Spin />}>
            <Flex gap={12} wrap>
              {riskOption && (
                <Card size="small" title={t('assessment.analysis.riskChart')} style={{ flex: '1 1 360px' }}>
                  <EChart
                    option={riskOption}
                    height={300}
                    label={t('assessment.analysis.riskChart')}
                    testId="risk-chart"
                  />
                </Card>
              )}
              {factorOption && (
                <Card size="small" title={t('assessment.analysis.factorChart')} style={{ flex: '1 1 360px' }}>
                  <EChart option={factorOption} height={300} label={t('assessment.analysis.factorChart')} />
                </Card>
              )}
            </Flex>
          </Suspense>
        </Flex>
      )}
    </AdminPage>
  );
}
