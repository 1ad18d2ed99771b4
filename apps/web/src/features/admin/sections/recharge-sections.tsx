// The recharge module: supplier rows, server cards, providers with cost tiers, a new credit order,
// the stored orders and the standard costs. Shared by the admin sections and the pricing
// calculator's tabs.
export { NewRechargePanel, RechargeOrdersPanel, StandardCostsEditor } from './credit-orders-section';
export { ProvidersManager } from './providers-section';
export { ServersPanel, SuppliersManager } from './suppliers-section';
