// Two admins editing one record: each save names the version its screen started from (the record's
// `updatedAt` as it was read), and a save made from an older version is refused instead of silently
// overwriting the other admin's change (docs/decisions/0020-admin-edits-name-their-version.md).
import './zod-locale.ts';
import { z } from 'zod';

export const EDIT_VERSION_FIELD = 'expectedUpdatedAt';

/** The record's `updatedAt` as the screen read it (ISO 8601). */
export const expectedUpdatedAtSchema = z.iso.datetime({ offset: true, error: 'Versão do registro inválida: use o updatedAt lido do registro.' });

/** An entry written by its name (a configuration by section and key, a setting): null when the screen saw none. */
export const expectedUpdatedAtOrNoneSchema = expectedUpdatedAtSchema.nullable();

/** The texts of a save refused for its version: 409 (another write came first) and 428 (no version named). */
export const EDIT_VERSION_MESSAGES = {
  staleRecord: 'Outro administrador alterou este registro enquanto você editava; nada foi salvo. Confira os valores atuais e salve de novo.',
  staleValue: 'Outro administrador alterou este valor enquanto você editava; nada foi salvo. Confira o valor atual e salve de novo.',
  required: 'Informe a versão do registro editado (expectedUpdatedAt, o updatedAt lido): sem ela, a alteração poderia apagar a de outro administrador.',
} as const;

/** The codes of those answers: `<resource>.stale` (409, with `details.current`) and this one (428). */
export const EDIT_VERSION_REQUIRED_CODE = 'admin.version_required';
export const isStaleEditCode = (code: string) => code.endsWith('.stale');

/**
 * A partial update of `shape` (at least one field) with the version it started from. The version is
 * optional here so that leaving it out is answered with its own 428, not as a malformed body.
 */
export function versionedUpdateSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .strictObject(shape)
    .partial()
    .extend({ [EDIT_VERSION_FIELD]: expectedUpdatedAtSchema.optional() } as { expectedUpdatedAt: z.ZodOptional<typeof expectedUpdatedAtSchema> })
    .refine((patch) => Object.keys(patch).some((key) => key !== EDIT_VERSION_FIELD), 'Nada para alterar.');
}
