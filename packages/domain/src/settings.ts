// Settings an admin may override over the environment. Each has the environment variable it falls back
// to, a Portuguese label, its validation, and whether it is a secret (write-only: never read back whole).
import './zod-locale.ts';
import { z } from 'zod';
import { DEFAULT_REMINDER_TEXTS } from './customers.ts';
import { expectedUpdatedAtOrNoneSchema } from './edit-version.ts';
import { normalizePixKey, PIX_CITY_MAX, PIX_NAME_MAX } from './pix.ts';

const httpUrl = z
  .string()
  .trim()
  .url('Informe um endereço http(s) completo.')
  .refine((value) => /^https?:\/\//.test(value), 'Informe um endereço http(s) completo.');

const reminderSubject = z.string().trim().min(1, 'Informe o assunto.').max(200, 'No máximo 200 caracteres.');
const reminderText = z
  .string()
  .trim()
  .min(1, 'Informe o texto.')
  .max(4000, 'No máximo 4000 caracteres.')
  .refine((value) => value.includes('{link}'), 'Inclua {link}: o endereço de Minha assinatura.');
/** An approved WhatsApp template, by its name at Meta. */
const templateName = z
  .string()
  .trim()
  .min(1, 'Informe o nome do modelo.')
  .max(512, 'Nome muito longo.')
  .regex(/^[a-z0-9_]+$/, 'Use o nome do modelo como está na Meta: letras minúsculas, dígitos e _.');

export const SETTINGS = {
  contact_email: { env: 'CONTACT_EMAIL', label: 'E-mail que recebe as mensagens de contato', secret: false, schema: z.email('E-mail inválido.') },
  tmdb_api_key: {
    env: 'TMDB_API_KEY',
    label: 'Chave da API da TMDB',
    secret: true,
    schema: z.string().trim().min(8, 'Chave muito curta.').max(200, 'Chave muito longa.'),
  },
  llm_base_url: { env: 'LLM_BASE_URL', label: 'Endereço do modelo de linguagem (compatível com OpenAI)', secret: false, schema: httpUrl },
  llm_model: {
    env: 'LLM_MODEL',
    label: 'Modelo de linguagem',
    secret: false,
    schema: z.string().trim().min(1, 'Informe o modelo.').max(200, 'Nome muito longo.'),
  },
  llm_instructions: {
    env: 'LLM_INSTRUCTIONS',
    label: 'Instruções do assistente (acrescentadas às regras fixas: tom, assuntos a evitar…)',
    secret: false,
    schema: z.string().trim().min(1, 'Informe as instruções.').max(2000, 'No máximo 2000 caracteres.'),
  },
  llm_api_key: {
    env: 'LLM_API_KEY',
    label: 'Chave do modelo de linguagem',
    secret: true,
    schema: z.string().trim().min(1, 'Informe a chave.').max(500, 'Chave muito longa.'),
  },
  pix_key: {
    env: 'PIX_KEY',
    label: 'Chave PIX da loja (e-mail, telefone com +55, CPF, CNPJ ou chave aleatória)',
    secret: false,
    schema: z
      .string()
      .trim()
      .min(1, 'Informe a chave PIX.')
      .max(120, 'Chave muito longa.')
      .transform((value, context) => {
        const normalized = normalizePixKey(value);
        if (!normalized) {
          context.addIssue({ code: 'custom', message: 'Chave PIX inválida: use um e-mail, um telefone com +55, um CPF, um CNPJ ou uma chave aleatória.' });
          return z.NEVER;
        }
        return normalized.key;
      }),
  },
  pix_recipient: {
    env: 'PIX_RECIPIENT',
    label: `Nome de quem recebe o PIX (até ${PIX_NAME_MAX} letras no código)`,
    secret: false,
    schema: z.string().trim().min(1, 'Informe o nome do recebedor.').max(60, 'Nome muito longo.'),
  },
  pix_city: {
    env: 'PIX_CITY',
    label: `Cidade de quem recebe o PIX (até ${PIX_CITY_MAX} letras no código)`,
    secret: false,
    schema: z.string().trim().min(1, 'Informe a cidade.').max(60, 'Cidade muito longa.'),
  },
  payments_webhook_url: {
    env: 'PAYMENTS_WEBHOOK_URL',
    label: 'Webhook que recebe os eventos de pagamento assinados (payment.paid…), para entregar o acesso',
    secret: false,
    schema: httpUrl,
  },
  // The renewal reminders' e-mails; {nome}, {plano}, {vencimento}, {dias} and {link} are filled in.
  renewal_reminder_subject: {
    env: 'RENEWAL_REMINDER_SUBJECT',
    label: 'Assunto do lembrete de renovação (dias antes do vencimento)',
    secret: false,
    schema: reminderSubject,
    fallback: DEFAULT_REMINDER_TEXTS.renewal_reminder_subject,
  },
  renewal_reminder_text: {
    env: 'RENEWAL_REMINDER_TEXT',
    label: 'Texto do lembrete de renovação (dias antes do vencimento; use {link})',
    secret: false,
    schema: reminderText,
    fallback: DEFAULT_REMINDER_TEXTS.renewal_reminder_text,
  },
  renewal_due_subject: {
    env: 'RENEWAL_DUE_SUBJECT',
    label: 'Assunto do lembrete no dia do vencimento',
    secret: false,
    schema: reminderSubject,
    fallback: DEFAULT_REMINDER_TEXTS.renewal_due_subject,
  },
  renewal_due_text: {
    env: 'RENEWAL_DUE_TEXT',
    label: 'Texto do lembrete no dia do vencimento (use {link})',
    secret: false,
    schema: reminderText,
    fallback: DEFAULT_REMINDER_TEXTS.renewal_due_text,
  },
  // WhatsApp's 24-hour window: outside it only an approved template may start the conversation again.
  whatsapp_template_name: {
    env: 'WHATSAPP_TEMPLATE_NAME',
    label: 'Modelo aprovado do WhatsApp enviado fora da janela de 24 horas (nome na Meta)',
    secret: false,
    schema: templateName,
  },
  whatsapp_reminder_template_name: {
    env: 'WHATSAPP_REMINDER_TEMPLATE_NAME',
    label: 'Modelo aprovado para os lembretes de renovação (variáveis {{1}} nome, {{2}} plano, {{3}} vencimento, {{4}} link)',
    secret: false,
    schema: templateName,
  },
  whatsapp_template_language: {
    env: 'WHATSAPP_TEMPLATE_LANGUAGE',
    label: 'Idioma do modelo aprovado do WhatsApp (código da Meta, como pt_BR)',
    secret: false,
    schema: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use o código de idioma da Meta, como pt_BR.'),
    fallback: 'pt_BR',
  },
} as const satisfies Record<string, SettingDefinition>;

interface SettingDefinition {
  /** The environment variable the setting falls back to. */
  env: string;
  label: string;
  secret: boolean;
  schema: z.ZodType<string, string>;
  /** The value in force when neither the panel nor the environment sets one. */
  fallback?: string;
}

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const settingKeySchema = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]], { error: 'Configuração desconhecida.' });

export const settingSchema = z.object({
  key: settingKeySchema,
  label: z.string(),
  secret: z.boolean(),
  /** Where the value in force comes from ('default': the text the application ships). */
  source: z.enum(['admin', 'env', 'default', 'none']),
  /** The value, or for a secret only whether it is set and its last 4 characters. */
  value: z.string().nullable(),
  /** When the panel's value was last written (the version a save names); null when none is set in the panel. */
  updatedAt: z.string().nullable(),
});
export type Setting = z.infer<typeof settingSchema>;
export const settingListSchema = z.array(settingSchema);
/** A value, from the version the screen read (the setting's updatedAt; null when none was set in the panel). */
export const settingInputSchema = z.strictObject({ value: z.string(), expectedUpdatedAt: expectedUpdatedAtOrNoneSchema.optional() });

/** How a secret is shown: never whole. */
export const maskSecret = (value: string) => `••••${value.slice(-4)}`;
