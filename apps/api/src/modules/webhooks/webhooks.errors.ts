import { AppError, conflict, notFound } from '../../shared/errors.ts';

/** A webhook URL or the address it resolves to that the server will not send to. */
export class WebhookTargetError extends AppError {
  constructor(code: 'webhooks.invalid_url' | 'webhooks.forbidden_address', message: string) {
    super(code, 400, message);
    this.name = 'WebhookTargetError';
  }
}

export const webhookErrors = {
  invalidUrl: () => new WebhookTargetError('webhooks.invalid_url', 'URL do webhook inválida.'),
  protocol: () => new WebhookTargetError('webhooks.invalid_url', 'A URL do webhook deve começar com http:// ou https://.'),
  credentials: () => new WebhookTargetError('webhooks.invalid_url', 'A URL do webhook não pode conter usuário ou senha.'),
  forbiddenAddress: (address: string) =>
    new WebhookTargetError('webhooks.forbidden_address', `O endereço ${address} é local, privado ou reservado: webhooks só podem ir para endereços públicos.`),
  deliveryNotFound: () => notFound('webhooks.delivery_not_found', 'Entrega de webhook não encontrada.'),
  deliveryInProgress: () => conflict('webhooks.delivery_in_progress', 'Esta entrega ainda está em andamento. Aguarde o resultado para reenviar.'),
};
