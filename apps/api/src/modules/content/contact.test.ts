import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fixtures } from '../../../test/fixtures.ts';
import { fastJobs, refuseMailJobs } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import { contactMessages, emailOutbox, jobs } from '../../db/schema.ts';

const message = { name: 'Maria Souza', email: 'maria@exemplo.com.br', subject: 'Dúvida sobre planos', message: 'O plano Family tem DVR?' };

describe('contact form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CONTACT_EMAIL: 'atendimento@vitrine.com.br' }, jobs: fastJobs });
  });
  afterAll(() => t.close());

  const send = (payload: object, remoteAddress = '10.9.0.1') => t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

  it('a visitor message is stored and forwarded to the contact address', async () => {
    const response = await send({ ...message, name: '  Maria Souza ' });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ ...message, readAt: null });
    // The forward goes out after the answer, from the job queue.
    const mail = await waitUntil(async () => (await t.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(1))[0], {
      what: 'o encaminhamento da mensagem',
    });
    expect(mail).toMatchObject({ to: 'atendimento@vitrine.com.br', subject: '[Contato] Dúvida sobre planos', status: 'logged' });
    expect(mail.text).toContain('maria@exemplo.com.br');
  });

  it('stores nothing when its forward cannot be queued: the message and its mail are written together', async () => {
    const before = await t.database.db.select({ id: contactMessages.id }).from(contactMessages);
    const restore = await refuseMailJobs(t.database.db);
    try {
      const response = await send({ ...message, subject: 'Fila fora do ar' }, '10.9.0.5');
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('internal_error');
    } finally {
      await restore();
    }
    expect(await t.database.db.select({ id: contactMessages.id }).from(contactMessages)).toHaveLength(before.length);
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Fila fora do ar'))).toHaveLength(0);
  });

  it('unknown fields are rejected with 400', async () => {
    const response = await send({ ...message, readAt: '2024-01-01T00:00:00Z' }, '10.9.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('every field is required, with a Portuguese message', async () => {
    const response = await send({ ...message, subject: '   ' }, '10.9.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Informe o assunto.');
    expect((await send({ name: 'Maria' }, '10.9.0.3')).statusCode).toBe(400);
    expect((await send({ ...message, email: 'maria@' }, '10.9.0.3')).json().error.message).toContain('Formato de e-mail inválido');
  });

  it('is limited per visitor', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(message, '10.9.0.4')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('without CONTACT_EMAIL the message is only stored', async () => {
    const other = await buildTestApp({ seed: false, jobs: fastJobs });
    try {
      const response = await other.app.inject({ method: 'POST', url: '/api/contact', payload: message });
      expect(response.statusCode).toBe(201);
      expect(await other.database.db.select().from(contactMessages)).toHaveLength(1);
      expect(await other.database.db.select().from(emailOutbox)).toHaveLength(0);
      expect(await other.database.db.select().from(jobs)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('public content sections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const make = fixtures(t.database.db);
    await make.siteConfiguration({
      section: 'legal',
      configKey: 'privacy',
      configValue: { title: 'Política de Privacidade', updatedAt: '2026-11-01', body: 'Tratamos dados conforme a LGPD.' },
    });
    await make.siteConfiguration({
      section: 'legal',
      configKey: 'terms',
      configValue: { title: 'Termos de Uso', updatedAt: '2026-11-01', body: 'Ao usar o serviço…' },
    });
    await make.siteConfiguration({ section: 'legal', configKey: 'rascunho', configValue: { title: 'Rascunho', body: 'não publicado' }, isActive: false });
    await make.siteConfiguration({
      section: 'contact',
      configKey: 'channels',
      configValue: [{ type: 'email', label: 'E-mail', value: 'contato@example.com' }],
    });
    await make.siteConfiguration({ section: 'contact', configKey: 'faq', configValue: [{ question: 'Como contratar?', answer: 'Pelo chat.' }] });
  });
  afterAll(() => t.close());

  it('the legal section holds the privacy policy and the terms of use, and nothing switched off', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-config/legal' });
    expect(response.statusCode).toBe(200);
    const { entries } = response.json<{ entries: Record<string, { title: string; body: string }> }>();
    expect(entries.privacy?.title).toBe('Política de Privacidade');
    expect(entries.terms?.title).toBe('Termos de Uso');
    expect(entries.privacy?.body).toContain('LGPD');
    expect(entries).not.toHaveProperty('rascunho');
  });

  it('the contact section lists the channels', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-config/contact' });
    const { entries } = response.json<{ entries: { channels: { type: string }[]; faq: unknown[] } }>();
    expect(entries.channels.map((channel) => channel.type)).toEqual(['email']);
    expect(entries.faq).toEqual([{ question: 'Como contratar?', answer: 'Pelo chat.' }]);
  });
});
