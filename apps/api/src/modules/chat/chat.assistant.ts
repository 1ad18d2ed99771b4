// One assistant per process: the built-in engine on the current knowledge (rebuilt when the rows
// it comes from change), and the writer of a turn's answer (the language model when one is
// configured, the built-in engine otherwise or when the model fails).
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { Analysis } from './chat.engine.analysis.ts';
import { createEngine, type Engine } from './chat.engine.ts';
import { knowledgeFingerprint, loadKnowledge, type Knowledge, type PixRecipient } from './chat.knowledge.ts';
import { amountsIn, LlmFailure, streamLlmProse, type LlmSource } from './chat.llm.ts';

export interface LoadedAssistant {
  fingerprint: string;
  knowledge: Knowledge;
  engine: Engine;
}

export interface KnowledgeCache {
  /** The engine on the rows as they are now: one small query when nothing changed. */
  current(): Promise<LoadedAssistant>;
}

/** `shopPix` is the shop's PIX as set now (settings are read per use); a change to it rebuilds the engine too. */
export function createKnowledgeCache(db: Database, shopPix: () => Promise<PixRecipient | null>): KnowledgeCache {
  let cached: LoadedAssistant | undefined;
  const loading = new Map<string, Promise<LoadedAssistant>>();
  return {
    async current() {
      const [rows, pix] = await Promise.all([knowledgeFingerprint(db), shopPix()]);
      const fingerprint = `${rows}|${pix ? JSON.stringify([pix.key, pix.recipient, pix.city]) : ''}`;
      if (cached?.fingerprint === fingerprint) return cached;
      // Questions arriving together after a change share one rebuild.
      let pending = loading.get(fingerprint);
      if (!pending) {
        pending = loadKnowledge(db, pix)
          .then((knowledge) => {
            // Rows written between the fingerprint and the read only make the next fingerprint differ.
            const loaded = { fingerprint, knowledge, engine: createEngine(knowledge) };
            cached = loaded;
            return loaded;
          })
          .finally(() => loading.delete(fingerprint));
        loading.set(fingerprint, pending);
      }
      return pending;
    },
  };
}

export interface WriteAnswerDeps {
  llm: LlmSource;
  logger: Pick<Logger, 'warn'>;
}

export interface AnswerCallbacks {
  /** Text as it is written. */
  onDelta: (text: string) => void;
  /** The text so far is dropped: the built-in answer follows. */
  onReset: () => void;
  signal?: AbortSignal;
}

export interface WrittenAnswer {
  content: string;
  engine: 'builtin' | 'llm';
  /** Why the model's answer was not used, when it was tried. */
  fallback?: LlmFailure['reason'];
}

/**
 * Writes the answer of a turn. With a model, its prose (checked amounts only) plus our price lines;
 * on any failure, or without a model, the built-in answer.
 */
export async function writeAnswer(
  { llm, logger }: WriteAnswerDeps,
  analysis: Analysis,
  turn: { question: string; history: { role: 'user' | 'assistant'; content: string }[] },
  { onDelta, onReset, signal }: AnswerCallbacks,
): Promise<WrittenAnswer> {
  if (analysis.builtinOnly) {
    onDelta(analysis.reply);
    return { content: analysis.reply, engine: 'builtin' };
  }
  const settings = await llm().catch((error: unknown) => {
    logger.warn({ err: error }, 'configuração do modelo de linguagem indisponível; o assistente embutido responde');
    return null;
  });
  if (!settings) {
    onDelta(analysis.reply);
    return { content: analysis.reply, engine: 'builtin' };
  }
  const allowedAmounts = new Set([...analysis.facts, ...analysis.priceLines, analysis.reply].flatMap(amountsIn));
  let shown = false;
  try {
    const prose = await streamLlmProse(
      settings,
      { facts: analysis.facts, history: turn.history, question: turn.question },
      {
        allowedAmounts,
        signal,
        onText: (text) => {
          shown = true;
          onDelta(text);
        },
      },
    );
    const appended = analysis.priceLines.length ? `\n\n${analysis.priceLines.join('\n')}` : '';
    if (appended) onDelta(appended);
    return { content: `${prose}${appended}`, engine: 'llm' };
  } catch (error) {
    const reason = error instanceof LlmFailure ? error.reason : 'error';
    logger.warn({ reason, err: error }, 'o modelo de linguagem não respondeu; o assistente embutido respondeu');
    if (shown) onReset();
    onDelta(analysis.reply);
    return { content: analysis.reply, engine: 'builtin', fallback: reason };
  }
}
