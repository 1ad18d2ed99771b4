// The admin's catalogue endpoints: plans, apps and streaming apps.
import { defineAdminResource } from './admin.ts';
import {
  adminAppSchema,
  adminPlanSchema,
  adminStreamingAppSchema,
  APP_SORT_KEYS,
  appCreateSchema,
  appUpdateSchema,
  PLAN_SORT_KEYS,
  planCreateSchema,
  planUpdateSchema,
  STREAMING_APP_SORT_KEYS,
  streamingAppCreateSchema,
  streamingAppUpdateSchema,
} from './catalog-admin.ts';

export const adminPlansContract = defineAdminResource({
  path: '/api/admin/plans',
  label: 'planos',
  item: adminPlanSchema,
  create: planCreateSchema,
  update: planUpdateSchema,
  sortKeys: PLAN_SORT_KEYS,
});

export const adminAppsContract = defineAdminResource({
  path: '/api/admin/apps',
  label: 'aplicativos',
  item: adminAppSchema,
  create: appCreateSchema,
  update: appUpdateSchema,
  sortKeys: APP_SORT_KEYS,
});

export const adminStreamingAppsContract = defineAdminResource({
  path: '/api/admin/streaming-apps',
  label: 'apps de streaming',
  item: adminStreamingAppSchema,
  create: streamingAppCreateSchema,
  update: streamingAppUpdateSchema,
  sortKeys: STREAMING_APP_SORT_KEYS,
});
