// Every endpoint contract of the API, for checks that walk them all (the server registers each one).
import { accessContract } from './access.contract.ts';
import { adminContract } from './admin.contract.ts';
import { analyticsContract } from './analytics.contract.ts';
import { adminAppsContract, adminPlansContract, adminStreamingAppsContract } from './catalog-admin.contract.ts';
import { catalogContract } from './catalog.contract.ts';
import { adminShortcutActionsContract, adminShortcutsContract } from './chat-admin.contract.ts';
import { chatContract } from './chat.contract.ts';
import { adminContentContract, adminSiteConfigContract } from './content-admin.contract.ts';
import { contentContract } from './content.contract.ts';
import type { EndpointDefinition } from './contracts.ts';
import { adminCustomersContract, adminDeliveriesContract, customersContract } from './customers.contract.ts';
import { eventsContract } from './events.contract.ts';
import { healthContract } from './health.contract.ts';
import { mediaContract } from './media.contract.ts';
import { adminPaymentsContract, paymentsContract } from './payments.contract.ts';
import {
  adminCreditOrdersContract,
  adminPricingContract,
  adminProvidersContract,
  adminRechargeContactsContract,
  adminSuppliersContract,
} from './recharge.contract.ts';
import { adminResellerPlansContract } from './resellers-admin.contract.ts';
import { resellersContract } from './resellers.contract.ts';
import { settingsContract } from './settings.contract.ts';
import { twoFactorContract } from './two-factor.contract.ts';
import { uploadsContract } from './uploads.contract.ts';
import { whatsappContract } from './whatsapp.contract.ts';

export const contracts = {
  access: accessContract,
  admin: adminContract,
  adminPlans: adminPlansContract,
  adminApps: adminAppsContract,
  adminStreamingApps: adminStreamingAppsContract,
  adminResellerPlans: adminResellerPlansContract,
  adminSuppliers: adminSuppliersContract,
  adminProviders: adminProvidersContract,
  adminRechargeContacts: adminRechargeContactsContract,
  adminPricing: adminPricingContract,
  adminCreditOrders: adminCreditOrdersContract,
  adminShortcuts: adminShortcutsContract,
  adminShortcutActions: adminShortcutActionsContract,
  adminSiteConfig: adminSiteConfigContract,
  adminContent: adminContentContract,
  analytics: analyticsContract,
  catalog: catalogContract,
  chat: chatContract,
  content: contentContract,
  customers: customersContract,
  adminDeliveries: adminDeliveriesContract,
  adminCustomers: adminCustomersContract,
  events: eventsContract,
  health: healthContract,
  media: mediaContract,
  payments: paymentsContract,
  adminPayments: adminPaymentsContract,
  resellers: resellersContract,
  settings: settingsContract,
  twoFactor: twoFactorContract,
  uploads: uploadsContract,
  whatsapp: whatsappContract,
};

export const allEndpoints: readonly EndpointDefinition[] = Object.values(contracts).flatMap((contract) => Object.values(contract));
