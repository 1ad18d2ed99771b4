// The built-in assistant: answers in Portuguese from the live knowledge, without any network.
// Names (plans, apps, offers) and the FAQ are found through a MiniSearch index whose terms are
// folded and stemmed (chat.engine.lookup.ts, chat.text.ts); what the visitor wants (prices, plans,
// how it works, a person, paying...) is read from the same stems (chat.engine.question.ts); a
// storefront button's intent names what it wants (chat.engine.intent.ts). The answers are written
// per subject (chat.engine.plans.ts, .resellers, .apps, .payment, .help); every amount in them comes
// from the knowledge, computed with the shared domain functions (chat.engine.facts.ts).
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import { DEFAULT_SUGGESTIONS, type Analysis } from './chat.engine.analysis.ts';
import { fileReceived, GREETING } from './chat.engine.help.ts';
import { answerIntent } from './chat.engine.intent.ts';
import { indexKnowledge } from './chat.engine.lookup.ts';
import { answerQuestion } from './chat.engine.question.ts';
import type { Knowledge } from './chat.knowledge.ts';
import type { ChatConversationState } from './chat.repository.ts';

export interface Engine {
  analyze(question: string, state: ChatConversationState): Analysis;
  analyzeIntent(intent: ChatIntent, state: ChatConversationState): Analysis;
  greeting(): { reply: string; suggestions: string[] };
  acknowledgeFile(kind: 'image' | 'audio', state: ChatConversationState): Analysis;
}

export function createEngine(knowledge: Knowledge): Engine {
  const index = indexKnowledge(knowledge);
  return {
    analyze: (question, state) => answerQuestion(index, question, state),
    analyzeIntent: (intent, state) => answerIntent(index, intent, state),
    greeting: () => ({ reply: GREETING, suggestions: DEFAULT_SUGGESTIONS }),
    acknowledgeFile: fileReceived,
  };
}
