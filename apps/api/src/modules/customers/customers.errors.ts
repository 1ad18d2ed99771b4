// Customers' errors: a stable code, a status and the Portuguese text the screens show.
import { AppError, conflict, notFound } from '../../shared/errors.ts';

export const customerErrors = {
  notFound: () => notFound('customers.not_found', 'Cliente não encontrado.'),
  subscriptionNotFound: () => notFound('customers.subscription_not_found', 'Assinatura não encontrada.'),
  linkNotFound: () => notFound('customers.link_not_found', 'Link inválido ou revogado. Peça um novo link à loja.'),
  linkExpired: () => new AppError('customers.link_expired', 410, 'Este link expirou. Peça um novo link à loja.'),
  deliveryNotFound: () => notFound('customers.delivery_not_found', 'Entrega não encontrada.'),
  alreadyDelivered: () => conflict('customers.already_delivered', 'Esta compra já foi entregue.'),
  erased: () => conflict('customers.erased', 'Os dados deste cliente foram apagados.'),
  alreadyCancelled: () => conflict('customers.already_cancelled', 'Esta assinatura já está cancelada.'),
  subscriptionCancelled: () => conflict('customers.subscription_cancelled', 'Esta assinatura foi cancelada. Fale com a loja para assinar de novo.'),
  planUnavailable: () => conflict('customers.plan_unavailable', 'Este plano não está mais à venda. Fale com a loja para escolher outro.'),
  pixNotConfigured: () => new AppError('customers.pix_not_configured', 503, 'O pagamento por PIX ainda não foi configurado pela loja.'),
};
