/**
 * The assessment risk bands of spec S0.9.3 / S1.9.5: a score of 80 and up is high, 60 to 79 medium,
 * below 60 low. Grades are numbered as the grading of S0.4.10 counts them: 1 high, 2 medium, 3 low.
 */
export const RISK_GRADE = { high: 1, medium: 2, low: 3 } as const;
export type RiskGrade = (typeof RISK_GRADE)[keyof typeof RISK_GRADE];

export const RISK_THRESHOLDS = { high: 80, medium: 60 } as const;

/** The grade of a 0-100 risk score (S0.9.3). */
export const riskGradeOf = (score: number): RiskGrade =>
  score >= RISK_THRESHOLDS.high ? 1 : score >= RISK_THRESHOLDS.medium ? 2 : 3;

/**
 * A value mapped onto 0-100 through [x, y] anchors with increasing x: linear between neighbours,
 * clamped to the first and last y outside them.
 */
export function interpolateAnchors(anchors: readonly (readonly [number, number])[], x: number): number {
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let k = 1; k < anchors.length; k += 1) {
    const [x1, y1] = anchors[k]!;
    const [x0, y0] = anchors[k - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return last[1];
}
