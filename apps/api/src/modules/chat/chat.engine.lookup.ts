// Finding what a text names: plans, activation apps, store apps, reseller offers and FAQ entries, in
// one MiniSearch index whose terms are folded and stemmed (chat.text.ts). A name counts only when
// every stem of it is in the text ('Kids Play', not just 'play').
import MiniSearch, { type SearchResult } from 'minisearch';
import { foldText, type PublicApp, type PublicPlan, type PublicStreamingApp } from '@vitrine/domain/catalog';
import type { PublicResellerPlan } from '@vitrine/domain/resellers';
import type { Knowledge } from './chat.knowledge.ts';
import { stems, stemWord } from './chat.text.ts';

export type EntityKind = 'plan' | 'stream' | 'app' | 'reseller' | 'faq';

interface IndexedDoc {
  id: string;
  kind: EntityKind;
  ref: string;
  title: string;
  text: string;
}

/** The knowledge, searchable by name and by id. */
export interface KnowledgeIndex {
  knowledge: Knowledge;
  plansById: ReadonlyMap<string, PublicPlan>;
  streamById: ReadonlyMap<string, PublicStreamingApp>;
  appsById: ReadonlyMap<string, PublicApp>;
  resellerById: ReadonlyMap<string, PublicResellerPlan>;
  /** Entities of a kind whose whole name the text mentions ('Kids Play', not just 'play'). */
  mentioned(text: string, kinds: EntityKind[]): SearchResult[];
  /** The FAQ entry closest to a question, if any shares a word with it. */
  closestFaq(question: string): SearchResult | undefined;
  /** A name as a storefront button writes it: the exact name first, else the one it mentions. */
  findPlanByName(name: string): PublicPlan | undefined;
  findStreamByName(name: string): PublicStreamingApp | undefined;
  findResellerPlanByName(name: string): PublicResellerPlan | undefined;
}

// Names are short: a typo is forgiven in words of 5 letters or more ('premiun').
const fuzzy = (term: string) => (term.length >= 5 ? 0.2 : false);

function documents(knowledge: Knowledge): IndexedDoc[] {
  return [
    ...knowledge.plans.map((plan) => ({
      id: `plan:${plan.id}`,
      kind: 'plan' as const,
      ref: plan.id,
      title: plan.name,
      text: plan.features.map((f) => f.text).join(' '),
    })),
    ...knowledge.streamingApps.map((app) => ({
      id: `stream:${app.id}`,
      kind: 'stream' as const,
      ref: app.id,
      title: app.name,
      text: [app.description, app.categoryName, ...app.tags].join(' '),
    })),
    ...knowledge.apps.map((app) => ({
      id: `app:${app.id}`,
      kind: 'app' as const,
      ref: app.id,
      title: app.name,
      text: [app.description, ...app.tags].join(' '),
    })),
    ...knowledge.resellerPlans.map((plan) => ({
      id: `reseller:${plan.id}`,
      kind: 'reseller' as const,
      ref: plan.id,
      title: plan.name,
      text: [plan.description, ...plan.features].join(' '),
    })),
    ...knowledge.faq.map((entry, index) => ({
      id: `faq:${index}`,
      kind: 'faq' as const,
      ref: String(index),
      title: entry.question,
      text: entry.answer,
    })),
  ];
}

export function indexKnowledge(knowledge: Knowledge): KnowledgeIndex {
  const docs = documents(knowledge);
  const index = new MiniSearch<IndexedDoc>({
    fields: ['title', 'text'],
    storeFields: ['kind', 'ref'],
    processTerm: (term) => stemWord(term) ?? null,
    searchOptions: { boost: { title: 3 }, fuzzy },
  });
  index.addAll(docs);
  const titleStems = new Map(docs.map((doc) => [doc.id, stems(doc.title)]));

  function mentioned(text: string, kinds: EntityKind[]): SearchResult[] {
    const results = index.search(text, { fields: ['title'], filter: (result) => kinds.includes(result.kind as EntityKind) });
    return results.filter((result) => {
      const wanted = titleStems.get(result.id as string);
      if (!wanted || wanted.size === 0) return false;
      const matched = new Set(result.terms);
      return [...wanted].every((stem) => matched.has(stem));
    });
  }

  return {
    knowledge,
    plansById: new Map(knowledge.plans.map((plan) => [plan.id, plan])),
    streamById: new Map(knowledge.streamingApps.map((app) => [app.id, app])),
    appsById: new Map(knowledge.apps.map((app) => [app.id, app])),
    resellerById: new Map(knowledge.resellerPlans.map((plan) => [plan.id, plan])),
    mentioned,
    closestFaq: (question) => index.search(question, { filter: (result) => result.kind === 'faq' })[0],
    findPlanByName: (name) =>
      knowledge.plans.find((plan) => foldText(plan.name) === foldText(name)) ?? knowledge.plans.find((plan) => plan.id === mentioned(name, ['plan'])[0]?.ref),
    findStreamByName: (name) =>
      knowledge.streamingApps.find((app) => foldText(app.name) === foldText(name)) ??
      knowledge.streamingApps.find((app) => app.id === mentioned(name, ['stream'])[0]?.ref),
    findResellerPlanByName: (name) =>
      knowledge.resellerPlans.find((plan) => foldText(plan.name) === foldText(name)) ??
      knowledge.resellerPlans.find((plan) => plan.id === mentioned(name, ['reseller'])[0]?.ref),
  };
}
