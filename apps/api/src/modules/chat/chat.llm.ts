// The optional language model: an OpenAI-compatible chat-completions endpoint writes the answer's
// prose from the facts the built-in engine retrieved, streamed as it is written. Prices and PIX
// data never come from the model: it is told not to write amounts, any amount it writes must be one
// of the facts' amounts (checked before the text reaches the visitor), and the price lines and the
// PIX offer are appended from our data. An error, a timeout or an empty answer hands the turn to the
// built-in engine, and the visitor sees no error.
import type { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ModelMessage, streamText } from 'ai';
import { toCents } from '@vitrine/domain/money';
import type { Env } from '../../config/env.ts';
import { OutboundError } from '../../shared/outbound-address.ts';

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** No first word within this long: the built-in engine answers. */
  firstTokenTimeoutMs: number;
  /** The whole answer within this long, or the built-in engine answers. */
  totalTimeoutMs: number;
  /** The HTTP client for outside services; the global fetch when absent. */
  fetch?: typeof globalThis.fetch;
  /** The admin's instructions, added to the fixed rules. */
  instructions?: string;
}

/** Where the model settings come from: the environment today, the admin's 'models' section later. */
export type LlmSource = () => Promise<LlmSettings | null>;

export const DEFAULT_LLM_TIMEOUTS = { firstTokenTimeoutMs: 8_000, totalTimeoutMs: 30_000 } as const;

/** The model the admin set in the panel, or else the one of LLM_*; none when either has no address or model. */
export function llmSourceFromSettings(
  settings: { get(key: 'llm_base_url' | 'llm_model' | 'llm_api_key' | 'llm_instructions'): Promise<string | undefined> },
  { fetch }: { fetch?: typeof globalThis.fetch } = {},
): LlmSource {
  return async () => {
    const [baseUrl, model, apiKey, instructions] = await Promise.all([
      settings.get('llm_base_url'),
      settings.get('llm_model'),
      settings.get('llm_api_key'),
      settings.get('llm_instructions'),
    ]);
    return baseUrl && model ? { baseUrl, model, apiKey, fetch, instructions, ...DEFAULT_LLM_TIMEOUTS } : null;
  };
}

export function llmSourceFromEnv(env: Pick<Env, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_API_KEY'>): LlmSource {
  const settings: LlmSettings | null =
    env.LLM_BASE_URL && env.LLM_MODEL ? { baseUrl: env.LLM_BASE_URL, model: env.LLM_MODEL, apiKey: env.LLM_API_KEY, ...DEFAULT_LLM_TIMEOUTS } : null;
  return async () => settings;
}

function outboundCause(error: unknown): OutboundError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof OutboundError) return current;
  }
  return undefined;
}

export class LlmFailure extends Error {
  constructor(
    readonly reason: 'error' | 'first_token_timeout' | 'total_timeout' | 'empty' | 'unchecked_amount' | 'pix_data' | 'aborted',
    message: string,
  ) {
    super(message);
    this.name = 'LlmFailure';
  }
}

export interface LlmTurn {
  facts: string[];
  /** Earlier messages of the conversation, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  question: string;
}

const HISTORY_MESSAGES = 8;

/**
 * The model's instructions: the fixed rules, the admin's own instructions (which can add tone or
 * topics but never lift a rule: the amount check runs on every answer anyway), then the facts.
 */
export function systemPrompt(facts: string[], instructions?: string): string {
  return [
    'Você é o assistente virtual da Vitrine, uma loja de planos de streaming, apps e revenda de créditos.',
    'Responda em português do Brasil, com cordialidade, em no máximo 4 frases curtas.',
    'Use somente os fatos abaixo. Se eles não respondem à pergunta, diga que não sabe e sugira falar com um atendente humano.',
    'Não escreva valores em reais, chaves PIX nem códigos PIX: os preços exatos e o PIX são anexados automaticamente à sua resposta.',
    ...(instructions ? ['', 'Instruções da loja:', instructions] : []),
    '',
    'Fatos:',
    ...(facts.length ? facts.map((fact) => `- ${fact}`) : ['- (nenhum fato específico para esta pergunta)']),
  ].join('\n');
}

// ---------------------------------------------------------------- the amount check

const AMOUNT = /R\$\s*(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?|(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?\s*reais\b/gi;
// A tail that may still grow into an amount: 'R', 'R$', 'R$ 4', 'R$ 40,0', '40', '40 rea'.
const OPEN_TAIL = /(R\$?\s*[\d.,]*|\d[\d.,]*\s*(r(e(a(i(s)?)?)?)?)?)$/i;

const centsOf = (integer: string, fraction: string | undefined) => toCents(`${integer.replaceAll('.', '')}.${(fraction ?? '0').padEnd(2, '0')}`);

/** Every amount written in a text, in cents. */
export function amountsIn(text: string): number[] {
  return [...text.matchAll(AMOUNT)].map((match) => (match[1] !== undefined ? centsOf(match[1], match[2]) : centsOf(match[3]!, match[4])));
}

/** A BR Code ('000201…') or a PIX payload the model must never write. */
const PIX_PAYLOAD = /000201\d{2}|br\.gov\.bcb\.pix/i;

/**
 * Lets model text through once every amount in it is known to be one of ours; a tail that could
 * still become an amount waits for the next chunk.
 */
export class AmountGuard {
  private text = '';
  private released = 0;

  constructor(private readonly allowed: ReadonlySet<number>) {}

  /** Adds a chunk; returns what may be shown now, or throws when the model wrote something of its own. */
  push(chunk: string): string {
    this.text += chunk;
    const tail = OPEN_TAIL.exec(this.text);
    const safeEnd = tail ? tail.index : this.text.length;
    return this.release(safeEnd);
  }

  /** The stream ended: everything left is complete. */
  finish(): string {
    return this.release(this.text.length);
  }

  get written() {
    return this.text;
  }

  private release(end: number): string {
    const complete = this.text.slice(0, end);
    if (PIX_PAYLOAD.test(complete)) throw new LlmFailure('pix_data', 'o modelo escreveu dados de PIX');
    for (const cents of amountsIn(complete)) {
      if (!this.allowed.has(cents)) throw new LlmFailure('unchecked_amount', `o modelo escreveu um valor que não é nosso (${cents} centavos)`);
    }
    if (end <= this.released) return '';
    const out = this.text.slice(this.released, end);
    this.released = end;
    return out;
  }
}

// ---------------------------------------------------------------- streaming

/** The model SDK (about 1.7 MB of code) loads on a shop's first model answer, not at every start. */
let modelSdk: Promise<{ createOpenAICompatible: typeof createOpenAICompatible; streamText: typeof streamText }> | undefined;
const loadModelSdk = () =>
  (modelSdk ??= Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]).then(([provider, sdk]) => ({
    createOpenAICompatible: provider.createOpenAICompatible,
    streamText: sdk.streamText,
  })));

/**
 * Streams the model's prose for one turn, checked by the guard. Throws LlmFailure on an error, a
 * timeout, an empty answer or an amount that is not ours; `onText` may already have been called.
 */
export async function streamLlmProse(
  settings: LlmSettings,
  turn: LlmTurn,
  { allowedAmounts, onText, signal }: { allowedAmounts: ReadonlySet<number>; onText: (text: string) => void; signal?: AbortSignal },
): Promise<string> {
  const { createOpenAICompatible, streamText } = await loadModelSdk();
  const provider = createOpenAICompatible({ name: 'vitrine-llm', baseURL: settings.baseUrl, apiKey: settings.apiKey, fetch: settings.fetch });
  const controller = new AbortController();
  let timedOut: LlmFailure | undefined;
  const abortWith = (failure: LlmFailure) => {
    timedOut ??= failure;
    controller.abort(failure);
  };
  const firstToken = setTimeout(
    () => abortWith(new LlmFailure('first_token_timeout', 'o modelo não começou a responder a tempo')),
    settings.firstTokenTimeoutMs,
  );
  const total = setTimeout(() => abortWith(new LlmFailure('total_timeout', 'o modelo não terminou a tempo')), settings.totalTimeoutMs);
  const onOuterAbort = () => abortWith(new LlmFailure('aborted', 'resposta interrompida'));
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (signal?.aborted) onOuterAbort();

  const guard = new AmountGuard(allowedAmounts);
  const messages: ModelMessage[] = [
    ...turn.history.slice(-HISTORY_MESSAGES).map((message) => ({ role: message.role, content: message.content }) as ModelMessage),
    { role: 'user', content: turn.question },
  ];
  try {
    const result = streamText({
      model: provider.chatModel(settings.model),
      system: systemPrompt(turn.facts, settings.instructions),
      messages,
      abortSignal: controller.signal,
      maxRetries: 0,
      temperature: 0.3,
      // Errors are read from the stream below; the SDK must not also print them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        if (part.text) clearTimeout(firstToken);
        const shown = guard.push(part.text);
        if (shown) onText(shown);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw timedOut ?? new LlmFailure('aborted', 'resposta interrompida');
      }
    }
    const rest = guard.finish();
    if (rest) onText(rest);
    if (!guard.written.trim()) throw new LlmFailure('empty', 'o modelo respondeu vazio');
    return guard.written.trim();
  } catch (error) {
    if (timedOut) throw timedOut;
    if (error instanceof LlmFailure) throw error;
    // The outbound client's refusal or cut (an internal address, an answer too large) may come wrapped
    // by the SDK ('Failed to process successful response'): the log names the client's reason.
    const outbound = outboundCause(error);
    throw new LlmFailure('error', outbound?.message ?? (error instanceof Error ? error.message : String(error)));
  } finally {
    clearTimeout(firstToken);
    clearTimeout(total);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}
