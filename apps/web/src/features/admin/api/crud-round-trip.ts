// The CRUD tester's round trip: a scratch configuration entry (section crud-tester) created, read back,
// changed from the version read and deleted, each step timed.
import { useState } from 'react';
import { adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { callEndpoint } from '@/lib/api-client';

export interface RoundTripStep {
  name: string;
  ms: number;
  ok: boolean;
  detail?: string;
}

/** Runs the round trip, telling each step as it ends; the scratch entry is deleted whatever failed. */
export async function runCrudRoundTrip(onStep: (step: RoundTripStep) => void) {
  const key = `teste_${crypto.randomUUID().slice(0, 8)}`;
  let id: string | null = null;
  // The version the update names: the record as the read step found it.
  let version = '';
  const step = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    try {
      await work();
      onStep({ name, ms: Math.round(performance.now() - started), ok: true });
      return true;
    } catch (error) {
      onStep({ name, ms: Math.round(performance.now() - started), ok: false, detail: (error as Error).message });
      return false;
    }
  };
  try {
    const created = await step('Criar', async () => {
      ({ id, updatedAt: version } = await callEndpoint(adminSiteConfigContract.create, {
        body: { section: 'crud-tester', configKey: key, configValue: { criadoEm: new Date().toISOString() }, isActive: false },
      }));
    });
    if (!created) return;
    await step('Ler', async () => {
      const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: key } });
      const read = page.items.find((item) => item.id === id);
      if (!read) throw new Error('o registro criado não foi encontrado');
      version = read.updatedAt;
    });
    await step('Atualizar', () =>
      callEndpoint(adminSiteConfigContract.update, {
        params: { id: id! },
        body: { configValue: { atualizadoEm: new Date().toISOString() }, expectedUpdatedAt: version },
      }),
    );
  } finally {
    if (id) await step('Excluir', () => callEndpoint(adminSiteConfigContract.remove, { params: { id: id! } }));
  }
}

/** The round trip's steps so far, whether it runs, and how to run it again (the steps start over). */
export function useCrudRoundTrip() {
  const [steps, setSteps] = useState<RoundTripStep[]>([]);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setSteps([]);
    try {
      await runCrudRoundTrip((step) => setSteps((current) => [...current, step]));
    } finally {
      setRunning(false);
    }
  };
  return { steps, running, run };
}
