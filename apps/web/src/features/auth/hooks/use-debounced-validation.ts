import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Validates the touched fields 300 ms after the last keystroke (public-site.md §5: validation is
 * debounced and errors show after the field is touched).
 */
export function useDebouncedValidation<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  delayMs = 300,
) {
  const { trigger, watch, formState } = form;
  const values = watch(fields as Path<T>[]) as unknown[];
  const touched = fields.filter((field) => Boolean((formState.touchedFields as Record<string, unknown>)[field]));
  const valuesKey = JSON.stringify(values);
  const touchedKey = touched.join('|');
  useEffect(() => {
    if (!touchedKey) return;
    const timer = setTimeout(() => void trigger(touchedKey.split('|') as Path<T>[]), delayMs);
    return () => clearTimeout(timer);
  }, [valuesKey, touchedKey, trigger, delayMs]);
}
