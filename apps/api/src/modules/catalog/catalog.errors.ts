// Errors of the catalogue: apps, download codes, signed download links and per-platform downloads.
// Codes and the texts the browser also shows live in the domain's CATALOG_ERRORS.
import { CATALOG_ERRORS } from '@vitrine/domain/catalog';
import { AppError, badRequest, notFound } from '../../shared/errors.ts';

export const appNotFound = () => notFound(CATALOG_ERRORS.appNotFound.code, CATALOG_ERRORS.appNotFound.message);

export const downloadCodeRequired = () => badRequest(CATALOG_ERRORS.downloadCodeRequired.code, CATALOG_ERRORS.downloadCodeRequired.message);

export const invalidDownloadCode = () => badRequest(CATALOG_ERRORS.invalidDownloadCode.code, CATALOG_ERRORS.invalidDownloadCode.message);

export const invalidDownloadLink = () => badRequest(CATALOG_ERRORS.invalidDownloadLink.code, CATALOG_ERRORS.invalidDownloadLink.message);

export const noDownloadFile = () => new AppError(CATALOG_ERRORS.noDownloadFile.code, 409, CATALOG_ERRORS.noDownloadFile.message);

export const tooManyDownloadAttempts = () =>
  new AppError('catalog.too_many_download_attempts', 429, 'Muitas tentativas com códigos inválidos. Aguarde alguns minutos e tente novamente.');

export const codeGenerationFailed = () =>
  new AppError('catalog.download_code_generation_failed', 503, 'Não foi possível gerar um código agora. Tente novamente.');

export const installerNotFound = () =>
  badRequest('catalog.installer_not_found', 'Arquivo não encontrado entre os instaladores enviados. Envie o arquivo novamente.');

export const appFileNotFound = () => notFound('catalog.app_file_not_found', 'Nenhum arquivo cadastrado para esta plataforma.');
