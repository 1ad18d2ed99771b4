// Discounts: the calculator's options and the global discount of the reference price tables.
import '../zod-locale.ts';
import { z } from 'zod';
import { hasAtMostDecimals } from './decimals.ts';

/** A discount is a percentage from 0 to 100 in steps of 0.1. */
export const DISCOUNT_LIMITS = { min: 0, max: 100, step: 0.1 } as const;

export const discountPercentSchema = z
  .number({ error: 'Informe o desconto' })
  .min(DISCOUNT_LIMITS.min, 'O desconto deve estar entre 0 e 100%')
  .max(DISCOUNT_LIMITS.max, 'O desconto deve estar entre 0 e 100%')
  .refine((value) => hasAtMostDecimals(value, 1), 'O desconto deve variar de 0,1 em 0,1');

/** Where the global discount of Tabelas de Preço is kept (a site configuration entry: one value for every admin). */
export const GLOBAL_DISCOUNT_CONFIG = { section: 'pricing', key: 'global_discount' } as const;

export const discountOptionSchema = z.object({
  percentage: discountPercentSchema,
  label: z.string().trim().min(1).max(60),
});
export type DiscountOption = z.infer<typeof discountOptionSchema>;

/** The discounts the calculator offers, as its selector names them. */
export const DISCOUNT_OPTIONS: readonly DiscountOption[] = [
  { percentage: 0, label: 'Nenhum' },
  { percentage: 5, label: 'Básico' },
  { percentage: 10, label: 'Padrão' },
  { percentage: 15, label: 'Alto' },
  { percentage: 20, label: 'Premium' },
  { percentage: 25, label: 'Máximo' },
];

/** 'Básico (5%)', 'Nenhum (0%)': a selector entry. */
export function discountOptionText(option: DiscountOption): string {
  return `${option.label} (${option.percentage.toLocaleString('pt-BR')}%)`;
}
