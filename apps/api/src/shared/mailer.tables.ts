// The e-mail outbox: every message, sent or only logged, kept for the admin.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
});
