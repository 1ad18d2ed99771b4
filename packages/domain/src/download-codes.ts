// Download codes without schemas (their format and the messages of their refusals), for the app
// store's first load; catalog.ts re-exports them with the schemas.

/** 6 characters from A-Z0-9, valid for 30 days. */
export const DOWNLOAD_CODE_LENGTH = 6;
export const DOWNLOAD_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const DOWNLOAD_CODE_VALID_DAYS = 30;
export const DOWNLOAD_CODE_PATTERN = /^[A-Z0-9]{6}$/;

/** Trimmed and upper-cased, as typed codes are compared. */
export const normalizeDownloadCode = (code: string) => code.trim().toUpperCase();
export const isWellFormedDownloadCode = (code: string) => DOWNLOAD_CODE_PATTERN.test(normalizeDownloadCode(code));

export const CATALOG_ERRORS = {
  downloadCodeRequired: {
    code: 'catalog.download_code_required',
    title: 'Código necessário',
    message: 'Este download requer um código de acesso.',
  },
  invalidDownloadCode: {
    code: 'catalog.invalid_download_code',
    title: 'Código inválido',
    message: 'O código informado não é válido ou já foi usado.',
  },
  downloadValidationFailed: { code: 'catalog.download_validation_failed', title: 'Erro', message: 'Erro ao validar código. Tente novamente.' },
  appNotFound: { code: 'catalog.app_not_found', title: 'Aplicativo não encontrado', message: 'Aplicativo não encontrado.' },
  noDownloadFile: {
    code: 'catalog.no_download_file',
    title: 'Download indisponível',
    message: 'Este aplicativo ainda não tem arquivo para download nesta plataforma. Seu código continua válido.',
  },
  invalidDownloadLink: {
    code: 'catalog.invalid_download_link',
    title: 'Link inválido',
    message: 'O link de download é inválido ou expirou. Valide o código novamente.',
  },
} as const;
