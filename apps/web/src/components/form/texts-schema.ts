// The texts of a form read into the contract's shape as one zod schema, for code that reads a form's texts
// outside its resolver (the calculator's result while the texts are the ones it was calculated from). Kept
// apart from schema-form.tsx, whose public forms load zod only with their first check (decision 0025).
import { z } from 'zod';
import { fromText, INVALID_JSON, NOT_A_NUMBER, type FieldSpec } from './schema-form';

/** The contract's schema behind the texts: texts → values (bad JSON refused here) → the schema. */
export function textsSchema<Out>(fields: readonly FieldSpec[], schema: z.ZodType<Out>) {
  return z
    .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.record(z.string(), z.string()))]))
    .transform((texts, ctx): unknown => {
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        try {
          const value = fromText(field, texts[field.key]);
          if (value !== undefined) values[field.key] = value;
          // Typed text that is no number is said here, whatever the schema would make of NaN.
          if (Number.isNaN(values[field.key]) && String(texts[field.key] ?? '').trim() !== '')
            ctx.addIssue({ code: 'custom', path: [field.key], message: NOT_A_NUMBER });
        } catch (error) {
          ctx.addIssue({ code: 'custom', path: [field.key], message: field.kind === 'json' ? INVALID_JSON : (error as Error).message });
        }
      }
      return values;
    })
    .pipe(schema);
}
