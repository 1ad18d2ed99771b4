import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

export const VALIDATION_FAILURE_MESSAGE = 'Erro de validação';

/**
 * Validates the touched fields 300 ms after the last keystroke.
 */
export function useDebouncedValidation<T extends FieldValues, Context, Out>(
  form: UseFormReturn<T, Context, Out>,
  fields: readonly Path<T>[],
  delayMs = 300,
  /** Called with the specification's generic text when validation itself fails unexpectedly. */
  onValidationFailure?: (message: string) => void,
) {
  const { trigger, watch, formState } = form;
  const values = watch(fields as Path<T>[]) as unknown[];
  const touched = fields.filter((field) => Boolean((formState.touchedFields as Record<string, unknown>)[field]));
  const valuesKey = JSON.stringify(values);
  const touchedKey = touched.join('|');
  useEffect(() => {
    if (!touchedKey) return;
    const timer = setTimeout(() => {
      trigger(touchedKey.split('|') as Path<T>[]).catch(() => onValidationFailure?.(VALIDATION_FAILURE_MESSAGE));
    }, delayMs);
    return () => clearTimeout(timer);
  }, [valuesKey, touchedKey, trigger, delayMs, onValidationFailure]);
}
