// Errors of the admin's settings.
import { badRequest, notFound } from '../../shared/errors.ts';

export const invalidSetting = (message: string) => badRequest('settings.invalid_value', message);

export const settingNotOverridden = () => notFound('settings.not_overridden', 'Esta configuração não foi definida pelo painel.');
