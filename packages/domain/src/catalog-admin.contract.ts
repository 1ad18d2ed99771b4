// The admin's catalogue endpoints.
import { defineAdminResource } from './admin.ts';
import { adminPlanSchema, PLAN_SORT_KEYS, planCreateSchema, planUpdateSchema } from './catalog-admin.ts';

export const adminPlansContract = defineAdminResource({
  path: '/api/admin/plans',
  label: 'planos',
  item: adminPlanSchema,
  create: planCreateSchema,
  update: planUpdateSchema,
  sortKeys: PLAN_SORT_KEYS,
});
