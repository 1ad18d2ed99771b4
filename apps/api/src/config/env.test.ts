import { describe, expect, it } from 'vitest';
import { DEFAULT_WHATSAPP_API_URL, EnvError, parseEnv, publicUrlMissing, whatsappConfig } from './env.ts';

const PSP = {
  PIX_API_URL: 'https://psp.example/api/v2',
  PIX_OAUTH_URL: 'https://psp.example/oauth/token',
  PIX_CLIENT_ID: 'cliente',
  PIX_CLIENT_SECRET: 'segredo-do-cliente',
  PIX_WEBHOOK_SECRET: 'segredo-do-webhook-0123456789',
};

const WHATSAPP = {
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_ACCESS_TOKEN: 'EAAG-token-de-acesso-0123456789',
  WHATSAPP_APP_SECRET: 'chave-secreta-do-app-0123456789',
  WHATSAPP_VERIFY_TOKEN: 'verifica-0123',
};

describe('configuration', () => {
  it("accepts WhatsApp configured in full, with Meta's Graph API by default; without it, no WhatsApp", () => {
    const env = parseEnv(WHATSAPP);
    expect(whatsappConfig(env)).toEqual({
      apiUrl: DEFAULT_WHATSAPP_API_URL,
      phoneNumberId: WHATSAPP.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: WHATSAPP.WHATSAPP_ACCESS_TOKEN,
      appSecret: WHATSAPP.WHATSAPP_APP_SECRET,
      verifyToken: WHATSAPP.WHATSAPP_VERIFY_TOKEN,
    });
    expect(DEFAULT_WHATSAPP_API_URL).toBe('https://graph.facebook.com/v21.0');
    expect(whatsappConfig(parseEnv({ ...WHATSAPP, WHATSAPP_API_URL: 'http://127.0.0.1:9999/v21.0' }))?.apiUrl).toBe('http://127.0.0.1:9999/v21.0');
    expect(whatsappConfig(parseEnv({}))).toBeNull();
  });

  it('accepts a PSP configured in full, with or without its certificate', () => {
    const env = parseEnv({ ...PSP, PUBLIC_URL: 'https://loja.example', PIX_CERT_FILE: import.meta.filename, PIX_KEY_FILE: import.meta.filename });
    expect(env).toMatchObject({ ...PSP, PIX_CHARGE_EXPIRY_SECONDS: 3600 });
    expect(parseEnv({ ...PSP, PUBLIC_URL: 'https://loja.example' }).PIX_CERT_FILE).toBeUndefined();
  });

  it('starts with sensible defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ALLOW_PRIVATE_WEBHOOKS).toBe(false);
    expect(env.EVENT_STREAMS_PER_CLIENT).toBe(6);
    expect(env.EVENT_STREAMS_MAX).toBe(500);
    // Visitors' chat files: 2 GB together, a tenth of it per client address, a fortieth per visitor.
    expect(env.VISITOR_UPLOADS_QUOTA_MB).toBe(2048);
    expect(env.VISITOR_UPLOADS_PER_ADDRESS_MB).toBe(204.8);
    expect(env.VISITOR_UPLOADS_PER_VISITOR_MB).toBe(51.2);
    // Renewal reminders five days before the end, subscriptions checked hourly.
    expect(env.RENEWAL_REMINDER_DAYS).toBe(5);
    expect(env.RENEWAL_CHECK_INTERVAL_MINUTES).toBe(60);
    expect(parseEnv({ RENEWAL_REMINDER_DAYS: '0', RENEWAL_CHECK_INTERVAL_MINUTES: '0.2' })).toMatchObject({
      RENEWAL_REMINDER_DAYS: 0,
      RENEWAL_CHECK_INTERVAL_MINUTES: 0.2,
    });
  });

  it('derives the per-address and per-visitor shares of visitor files from the total unless they are set', () => {
    expect(parseEnv({ VISITOR_UPLOADS_QUOTA_MB: '20' })).toMatchObject({ VISITOR_UPLOADS_PER_ADDRESS_MB: 2, VISITOR_UPLOADS_PER_VISITOR_MB: 0.5 });
    expect(parseEnv({ VISITOR_UPLOADS_PER_ADDRESS_MB: '300', VISITOR_UPLOADS_PER_VISITOR_MB: '2.5' })).toMatchObject({
      VISITOR_UPLOADS_PER_ADDRESS_MB: 300,
      VISITOR_UPLOADS_PER_VISITOR_MB: 2.5,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'não-é-email', ADMIN_PASSWORD: 'segredo123' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'admin@vitrine.test' }, 'ADMIN_PASSWORD'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ALLOW_PRIVATE_WEBHOOKS: 'talvez' }, 'ALLOW_PRIVATE_WEBHOOKS'],
    [{ AUTH_SECRET: 'curto' }, 'AUTH_SECRET'],
    [{ EVENT_STREAMS_PER_CLIENT: '0' }, 'EVENT_STREAMS_PER_CLIENT'],
    [{ EVENT_STREAMS_MAX: 'muitos' }, 'EVENT_STREAMS_MAX'],
    [{ VISITOR_UPLOADS_PER_ADDRESS_MB: '0' }, 'VISITOR_UPLOADS_PER_ADDRESS_MB'],
    [{ VISITOR_UPLOADS_PER_VISITOR_MB: 'metade' }, 'VISITOR_UPLOADS_PER_VISITOR_MB'],
    // visitor ≤ address ≤ total.
    [{ VISITOR_UPLOADS_QUOTA_MB: '100', VISITOR_UPLOADS_PER_ADDRESS_MB: '150' }, 'VISITOR_UPLOADS_PER_ADDRESS_MB: deve ser no máximo VISITOR_UPLOADS_QUOTA_MB'],
    [{ VISITOR_UPLOADS_PER_VISITOR_MB: '300' }, 'VISITOR_UPLOADS_PER_VISITOR_MB: deve ser no máximo VISITOR_UPLOADS_PER_ADDRESS_MB (204,8)'],
    // Renewal reminders: whole days from 0; minutes may have decimals, but not be 0 or negative.
    [{ RENEWAL_REMINDER_DAYS: '-1' }, 'RENEWAL_REMINDER_DAYS'],
    [{ RENEWAL_REMINDER_DAYS: '2.5' }, 'RENEWAL_REMINDER_DAYS'],
    [{ RENEWAL_CHECK_INTERVAL_MINUTES: '0' }, 'RENEWAL_CHECK_INTERVAL_MINUTES'],
    [{ RENEWAL_CHECK_INTERVAL_MINUTES: 'hora' }, 'RENEWAL_CHECK_INTERVAL_MINUTES'],
    // A PSP half configured is a start-up error naming what is missing.
    [{ PIX_API_URL: 'https://psp.example/api/v2', PUBLIC_URL: 'https://loja.example' }, 'PIX_CLIENT_SECRET'],
    [{ ...PSP, PIX_WEBHOOK_SECRET: undefined, PUBLIC_URL: 'https://loja.example' }, 'PIX_WEBHOOK_SECRET'],
    [{ ...PSP }, 'PUBLIC_URL'],
    [{ ...PSP, PUBLIC_URL: 'https://loja.example', PIX_WEBHOOK_SECRET: 'curto' }, 'PIX_WEBHOOK_SECRET'],
    [{ ...PSP, PUBLIC_URL: 'https://loja.example', PIX_CERT_FILE: '/nao/existe.pem', PIX_KEY_FILE: '/nao/existe.key' }, 'PIX_CERT_FILE'],
    [{ ...PSP, PUBLIC_URL: 'https://loja.example', PIX_CERT_FILE: import.meta.filename }, 'PIX_KEY_FILE'],
    // WhatsApp half configured stops the start too, naming what is missing and what was given.
    [{ ...WHATSAPP, WHATSAPP_APP_SECRET: undefined }, 'WHATSAPP_APP_SECRET: obrigatório para usar o WhatsApp'],
    [{ WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0' }, 'WHATSAPP_VERIFY_TOKEN: obrigatório para usar o WhatsApp (informado: WHATSAPP_API_URL)'],
    [{ WHATSAPP_ACCESS_TOKEN: WHATSAPP.WHATSAPP_ACCESS_TOKEN }, 'WHATSAPP_PHONE_NUMBER_ID'],
    [{ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: '+55 11 9999' }, 'WHATSAPP_PHONE_NUMBER_ID: deve ser'],
    [{ ...WHATSAPP, WHATSAPP_VERIFY_TOKEN: 'curto' }, 'WHATSAPP_VERIFY_TOKEN: deve ter'],
    [{ ...WHATSAPP, WHATSAPP_API_URL: 'ftp://graph.example' }, 'WHATSAPP_API_URL'],
  ])('refuses %o with a message naming %s', (source, variable) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain(variable);
  });

  it('says PUBLIC_URL is missing on a server others reach: NODE_ENV=production, or a HOST that is not loopback', () => {
    const missing = (source: Record<string, string>) => publicUrlMissing(parseEnv(source));
    // The defaults listen on every interface (HOST 0.0.0.0): links would point at this machine's localhost.
    expect(missing({})).toBe(true);
    expect(missing({ NODE_ENV: 'production', HOST: '127.0.0.1' })).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.11', 'loja.exemplo.com.br']) expect(missing({ NODE_ENV: 'development', HOST: host }), host).toBe(true);
    for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]']) expect(missing({ NODE_ENV: 'development', HOST: host }), host).toBe(false);
    expect(missing({ NODE_ENV: 'test', HOST: '127.0.0.1' })).toBe(false);
    expect(missing({ NODE_ENV: 'production', PUBLIC_URL: 'https://loja.exemplo.com.br' })).toBe(false);
    expect(missing({ NODE_ENV: 'production', PUBLIC_URL: '' })).toBe(true);
  });

  it('accepts a full production configuration', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db:5432/vitrine',
      PUBLIC_URL: 'https://vitrine.com.br',
      ADMIN_EMAIL: ' Admin@Vitrine.com.br ',
      ADMIN_PASSWORD: 'uma-senha-forte',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      ALLOW_PRIVATE_WEBHOOKS: 'false',
      LLM_BASE_URL: 'https://llm.example.com/v1',
    });
    expect(env.PORT).toBe(8080);
    expect(env.ADMIN_EMAIL).toBe('Admin@Vitrine.com.br');
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET: obrigatório quando STORAGE_DRIVER=s3'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'Meu_Bucket' }, 'S3_BUCKET'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'vitrine', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'vitrine', S3_ACCESS_KEY_ID: 'chave' }, 'S3_SECRET_ACCESS_KEY'],
  ])('refuses the file storage setting %o with a message naming %s', (source, expected) => {
    expect(() => parseEnv(source)).toThrow(expected);
  });

  it('keeps files on disk by default and accepts an S3-compatible bucket', () => {
    expect(parseEnv({}).STORAGE_DRIVER).toBe('disk');
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://minio.example.com',
      S3_BUCKET: 'vitrine-arquivos',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env).toMatchObject({ STORAGE_DRIVER: 's3', S3_REGION: 'us-east-1', S3_BUCKET: 'vitrine-arquivos', S3_FORCE_PATH_STYLE: true });
  });
});
