import { fileTooLargeMessage, fileTypeNotAllowedMessage, uploadBuckets, type UploadBucket } from '@vitrine/domain/uploads';
import { AppError, badRequest, notFound } from '../../shared/errors.ts';

export const fileTypeNotAllowed = (bucket: UploadBucket) =>
  new AppError('uploads.type_not_allowed', 415, fileTypeNotAllowedMessage(uploadBuckets[bucket].accepts));

export const fileTooLarge = (bucket: UploadBucket) => new AppError('uploads.too_large', 413, fileTooLargeMessage(uploadBuckets[bucket].maxBytes));

export const noFileSent = () => badRequest('uploads.no_file', 'Nenhum arquivo enviado. Escolha um arquivo e tente novamente.');

export const emptyFile = () => badRequest('uploads.empty_file', 'O arquivo está vazio.');

export const notMultipart = () => new AppError('uploads.not_multipart', 415, 'Envie o arquivo como multipart/form-data, no campo "file".');

export const malformedUpload = () => badRequest('uploads.malformed', 'O envio do arquivo foi interrompido ou está malformado. Tente novamente.');

export const uploadNotFound = () => notFound('uploads.not_found', 'Arquivo não encontrado.');

export const invalidFileLink = () => notFound('uploads.invalid_link', 'O link de download é inválido ou expirou. Solicite um novo link.');

export const storageUnavailable = () => new AppError('uploads.storage_unavailable', 503, 'Armazenamento de arquivos indisponível no momento. Tente novamente.');

export const rangeNotSatisfiable = () => new AppError('uploads.range_not_satisfiable', 416, 'Intervalo de bytes inválido para este arquivo.');
