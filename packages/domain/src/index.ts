export * from './zod-locale.ts';
export * from './analytics.ts';
export * from './content.ts';
export * from './money.ts';
