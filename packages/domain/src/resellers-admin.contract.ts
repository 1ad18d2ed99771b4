// The admin's reseller-plan endpoints.
import { defineAdminResource } from './admin.ts';
import { adminResellerPlanSchema, RESELLER_PLAN_SORT_KEYS, resellerPlanCreateSchema, resellerPlanUpdateSchema } from './resellers-admin.ts';

export const adminResellerPlansContract = defineAdminResource({
  path: '/api/admin/reseller-plans',
  label: 'planos de revenda',
  item: adminResellerPlanSchema,
  create: resellerPlanCreateSchema,
  update: resellerPlanUpdateSchema,
  sortKeys: RESELLER_PLAN_SORT_KEYS,
});
