// Settings an admin may override over the environment. Each has the environment variable it falls back
// to, a Portuguese label, its validation, and whether it is a secret (write-only: never read back whole).
import './zod-locale.ts';
import { z } from 'zod';

const httpUrl = z
  .string()
  .trim()
  .url('Informe um endereço http(s) completo.')
  .refine((value) => /^https?:\/\//.test(value), 'Informe um endereço http(s) completo.');

export const SETTINGS = {
  contact_email: { env: 'CONTACT_EMAIL', label: 'E-mail que recebe as mensagens de contato', secret: false, schema: z.email('E-mail inválido.') },
  tmdb_api_key: { env: 'TMDB_API_KEY', label: 'Chave da API da TMDB', secret: true, schema: z.string().trim().min(8, 'Chave muito curta.').max(200, 'Chave muito longa.') },
  llm_base_url: { env: 'LLM_BASE_URL', label: 'Endereço do modelo de linguagem (compatível com OpenAI)', secret: false, schema: httpUrl },
  llm_model: { env: 'LLM_MODEL', label: 'Modelo de linguagem', secret: false, schema: z.string().trim().min(1, 'Informe o modelo.').max(200, 'Nome muito longo.') },
  llm_instructions: {
    env: 'LLM_INSTRUCTIONS',
    label: 'Instruções do assistente (acrescentadas às regras fixas: tom, assuntos a evitar…)',
    secret: false,
    schema: z.string().trim().min(1, 'Informe as instruções.').max(2000, 'No máximo 2000 caracteres.'),
  },
  llm_api_key: { env: 'LLM_API_KEY', label: 'Chave do modelo de linguagem', secret: true, schema: z.string().trim().min(1, 'Informe a chave.').max(500, 'Chave muito longa.') },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const settingKeySchema = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]], { error: 'Configuração desconhecida.' });

export const settingSchema = z.object({
  key: settingKeySchema,
  label: z.string(),
  secret: z.boolean(),
  /** Where the value in force comes from. */
  source: z.enum(['admin', 'env', 'none']),
  /** The value, or for a secret only whether it is set and its last 4 characters. */
  value: z.string().nullable(),
});
export type Setting = z.infer<typeof settingSchema>;
export const settingListSchema = z.array(settingSchema);
export const settingInputSchema = z.strictObject({ value: z.string() });

/** How a secret is shown: never whole. */
export const maskSecret = (value: string) => `••••${value.slice(-4)}`;
