// Site configuration (sections of key/value entries) and contact messages.
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

export const siteConfigurations = pgTable(
  'site_configurations',
  {
    id: id(),
    section: text('section').notNull(),
    configKey: text('config_key').notNull(),
    configValue: jsonb('config_value').$type<unknown>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('site_configurations_section_key').on(t.section, t.configKey)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});
