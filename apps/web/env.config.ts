// The web app's configuration: build and dev-server settings only (the browser bundle reads no
// environment). Validated once; a bad value stops Vite with a message naming the variable.
import { z } from 'zod';

const schema = z.object({
  WEB_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(5173),
  API_PROXY_TARGET: z.url({ protocol: /^https?$/, message: 'deve ser uma URL http(s)' }).default('http://localhost:3000'),
});

export type WebEnv = z.infer<typeof schema>;

export function loadWebEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Configuração inválida do app web:\n${problems}`);
  }
  return result.data;
}
