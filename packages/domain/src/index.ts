export * from './zod-locale.ts';
export * from './analytics.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './money.ts';
export * from './pricing/periods.ts';
export * from './resellers.ts';
