// Health score (0–100) and insights of a calculation. "Above" is strictly greater, "below"
// strictly less, compared with the figures as shown (percentages at 2 decimals, EBITDA in cents).
import '../zod-locale.ts';
import { z } from 'zod';
import type { Cents } from '../money.ts';

export interface HealthInputs {
  grossMarginPercent: number;
  roiPercent: number;
  markupPercent: number;
  ebitdaCents: Cents;
}

type PercentMetric = 'grossMarginPercent' | 'roiPercent' | 'markupPercent';

/** Points per component: the first threshold the metric is above gives its points. */
export const HEALTH_SCORE_TABLE: readonly { metric: PercentMetric; steps: readonly { above: number; points: number }[] }[] = [
  {
    metric: 'grossMarginPercent',
    steps: [
      { above: 30, points: 25 },
      { above: 20, points: 15 },
      { above: 10, points: 10 },
    ],
  },
  {
    metric: 'roiPercent',
    steps: [
      { above: 50, points: 25 },
      { above: 30, points: 15 },
      { above: 15, points: 10 },
    ],
  },
  {
    metric: 'markupPercent',
    steps: [
      { above: 100, points: 25 },
      { above: 50, points: 15 },
      { above: 25, points: 10 },
    ],
  },
];
/** EBITDA above zero gives 25 points. */
export const POSITIVE_EBITDA_POINTS = 25;

/** The health score: the sum of the table's points, 0 to 100. */
export function healthScore(metrics: HealthInputs): number {
  const tiered = HEALTH_SCORE_TABLE.reduce((sum, { metric, steps }) => sum + (steps.find((step) => metrics[metric] > step.above)?.points ?? 0), 0);
  return tiered + (metrics.ebitdaCents > 0 ? POSITIVE_EBITDA_POINTS : 0);
}

export const HEALTH_COLORS = ['green', 'yellow-green', 'orange', 'red'] as const;
export type HealthColor = (typeof HEALTH_COLORS)[number];

/** Score colours: 80 or more green, 60 or more yellow-green, 40 or more orange, otherwise red. */
export function healthColor(score: number): HealthColor {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow-green';
  if (score >= 40) return 'orange';
  return 'red';
}

export const insightSchema = z.object({
  kind: z.enum(['positive', 'warning']),
  text: z.string(),
});
export type Insight = z.infer<typeof insightSchema>;

export const INSIGHT_TEXTS = {
  highMargin: 'Margem bruta acima de 50%: excelente rentabilidade.',
  lowMargin: 'Margem bruta abaixo de 20%: revise o preço de venda ou negocie um custo menor.',
  highRoi: 'ROI acima de 100%: o resultado supera o valor investido.',
  highMarkup: 'Markup acima de 200%: confira se o preço continua competitivo.',
} as const;

/** Insights: margin above 50 or below 20, ROI above 100, markup above 200. */
export function pricingInsights(metrics: Omit<HealthInputs, 'ebitdaCents'>): Insight[] {
  const insights: Insight[] = [];
  if (metrics.grossMarginPercent > 50) insights.push({ kind: 'positive', text: INSIGHT_TEXTS.highMargin });
  if (metrics.grossMarginPercent < 20) insights.push({ kind: 'warning', text: INSIGHT_TEXTS.lowMargin });
  if (metrics.roiPercent > 100) insights.push({ kind: 'positive', text: INSIGHT_TEXTS.highRoi });
  if (metrics.markupPercent > 200) insights.push({ kind: 'warning', text: INSIGHT_TEXTS.highMarkup });
  return insights;
}
