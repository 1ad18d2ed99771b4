import { describe, expect, it } from 'vitest';
import { healthColor, healthScore, pricingInsights, type HealthInputs } from './health.ts';

const nothing: HealthInputs = { grossMarginPercent: 0, roiPercent: 0, markupPercent: 0, ebitdaCents: 0 };

describe('each component of the health score counts only strictly above its thresholds', () => {
  it.each<[keyof HealthInputs, number, number]>([
    ['grossMarginPercent', 10, 0],
    ['grossMarginPercent', 10.01, 10],
    ['grossMarginPercent', 20, 10],
    ['grossMarginPercent', 20.01, 15],
    ['grossMarginPercent', 30, 15],
    ['grossMarginPercent', 30.01, 25],
    ['grossMarginPercent', 100, 25],
    ['roiPercent', 15, 0],
    ['roiPercent', 15.01, 10],
    ['roiPercent', 30, 10],
    ['roiPercent', 30.01, 15],
    ['roiPercent', 50, 15],
    ['roiPercent', 50.01, 25],
    ['roiPercent', -40, 0],
    ['markupPercent', 25, 0],
    ['markupPercent', 25.01, 10],
    ['markupPercent', 50, 10],
    ['markupPercent', 50.01, 15],
    ['markupPercent', 100, 15],
    ['markupPercent', 100.01, 25],
    ['ebitdaCents', 0, 0],
    ['ebitdaCents', 1, 25],
    ['ebitdaCents', -1, 0],
  ])('%s at %s gives %s points', (metric, value, points) => {
    expect(healthScore({ ...nothing, [metric]: value })).toBe(points);
  });
});

describe('the health score and its colour', () => {
  it.each<[string, HealthInputs, number, string]>([
    ['everything above the top thresholds', { grossMarginPercent: 30.01, roiPercent: 50.01, markupPercent: 100.01, ebitdaCents: 1 }, 100, 'green'],
    // 25 + 15 + 15 + 25 = 80
    ['exactly 80', { grossMarginPercent: 31, roiPercent: 31, markupPercent: 51, ebitdaCents: 1 }, 80, 'green'],
    // 25 + 25 + 25 = 75, just below 80
    ['just below 80', { grossMarginPercent: 31, roiPercent: 51, markupPercent: 101, ebitdaCents: 0 }, 75, 'yellow-green'],
    // 25 + 10 + 25 = 60
    ['exactly 60', { grossMarginPercent: 31, roiPercent: 16, markupPercent: 101, ebitdaCents: 0 }, 60, 'yellow-green'],
    // 25 + 15 + 15 = 55, just below 60
    ['just below 60', { grossMarginPercent: 31, roiPercent: 31, markupPercent: 51, ebitdaCents: 0 }, 55, 'orange'],
    // 15 + 15 + 10 = 40
    ['exactly 40', { grossMarginPercent: 21, roiPercent: 31, markupPercent: 26, ebitdaCents: 0 }, 40, 'orange'],
    // 25 + 10 = 35, just below 40
    ['just below 40', { grossMarginPercent: 31, roiPercent: 16, markupPercent: 0, ebitdaCents: 0 }, 35, 'red'],
    ['a loss', { grossMarginPercent: -20, roiPercent: -16.67, markupPercent: -16.67, ebitdaCents: -5000 }, 0, 'red'],
  ])('%s', (_name, metrics, score, color) => {
    expect(healthScore(metrics)).toBe(score);
    expect(healthColor(score)).toBe(color);
  });

  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.99, 'yellow-green'],
    [60, 'yellow-green'],
    [59.99, 'orange'],
    [40, 'orange'],
    [39.99, 'red'],
    [0, 'red'],
  ])('a score of %s is %s', (score, color) => {
    expect(healthColor(score)).toBe(color);
  });
});

describe('the insights of a calculation', () => {
  const HIGH_MARGIN = { kind: 'positive', text: 'Margem bruta acima de 50%: excelente rentabilidade.' };
  const LOW_MARGIN = { kind: 'warning', text: 'Margem bruta abaixo de 20%: revise o preço de venda ou negocie um custo menor.' };
  const HIGH_ROI = { kind: 'positive', text: 'ROI acima de 100%: o resultado supera o valor investido.' };
  const HIGH_MARKUP = { kind: 'warning', text: 'Markup acima de 200%: confira se o preço continua competitivo.' };

  it.each([
    ['a margin of exactly 50', { grossMarginPercent: 50, roiPercent: 0, markupPercent: 0 }, []],
    ['a margin just above 50', { grossMarginPercent: 50.01, roiPercent: 0, markupPercent: 0 }, [HIGH_MARGIN]],
    ['a margin of exactly 20', { grossMarginPercent: 20, roiPercent: 0, markupPercent: 0 }, []],
    ['a margin just below 20', { grossMarginPercent: 19.99, roiPercent: 0, markupPercent: 0 }, [LOW_MARGIN]],
    ['a ROI of exactly 100', { grossMarginPercent: 30, roiPercent: 100, markupPercent: 0 }, []],
    ['a ROI just above 100', { grossMarginPercent: 30, roiPercent: 100.01, markupPercent: 0 }, [HIGH_ROI]],
    ['a markup of exactly 200', { grossMarginPercent: 30, roiPercent: 0, markupPercent: 200 }, []],
    ['a markup just above 200', { grossMarginPercent: 30, roiPercent: 0, markupPercent: 200.01 }, [HIGH_MARKUP]],
    ['all the good news at once', { grossMarginPercent: 75, roiPercent: 300, markupPercent: 300 }, [HIGH_MARGIN, HIGH_ROI, HIGH_MARKUP]],
  ])('%s', (_name, metrics, insights) => {
    expect(pricingInsights(metrics)).toEqual(insights);
  });
});
