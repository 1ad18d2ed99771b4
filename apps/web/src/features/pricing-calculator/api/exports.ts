// The exports the server builds (Dados RAG as JSON or CSV, the spreadsheet CSV, the consolidated CSV),
// fetched with the session and saved under the server's file name.
import { useMutation } from '@tanstack/react-query';
import { EXPORT_TOASTS, exportFileName } from '@vitrine/domain/recharge';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import { endpointUrl } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { fileNameFromDisposition } from '../lib/download';

export type PricingExport = 'json' | 'csv' | 'sheet' | 'consolidated';

/** Where each export is built, the name it is saved under when the server gives none, and its toasts. */
const EXPORTS: Record<PricingExport, () => { url: string; fallback: string; done: string; failed: string }> = {
  json: () => ({
    url: endpointUrl(adminPricingContract.ragExport, { query: { format: 'json' } }),
    fallback: exportFileName('dados-rag', 'json'),
    done: EXPORT_TOASTS.ragDone,
    failed: EXPORT_TOASTS.ragError,
  }),
  csv: () => ({
    url: endpointUrl(adminPricingContract.ragExport, { query: { format: 'csv' } }),
    fallback: exportFileName('dados-rag', 'csv'),
    done: EXPORT_TOASTS.ragDone,
    failed: EXPORT_TOASTS.ragError,
  }),
  sheet: () => ({
    url: endpointUrl(adminPricingContract.spreadsheetCsv),
    fallback: exportFileName('planilha-precos', 'csv'),
    done: EXPORT_TOASTS.sheetDone,
    failed: EXPORT_TOASTS.sheetError,
  }),
  consolidated: () => ({
    url: endpointUrl(adminPricingContract.consolidatedCsv),
    fallback: exportFileName('consolidado', 'csv'),
    done: 'CSV exportado',
    failed: 'Erro ao exportar CSV',
  }),
};

/** Fetches `url` with the session and saves the answer under the server's name (or `fallback`). */
async function downloadExport(url: string, fallback: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: '*/*' } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback;
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
  return name;
}

/**
 * Downloads an export and says so (the consolidated CSV with the name it was saved under), even when the
 * tab that asked for it was left meanwhile; `variables` says which one runs.
 */
export function useDownloadExport() {
  return useMutation({
    mutationFn: (which: PricingExport) => {
      const { url, fallback } = EXPORTS[which]();
      return downloadExport(url, fallback);
    },
    onSuccess: (name, which) => notify.success(EXPORTS[which]().done, which === 'consolidated' ? name : undefined),
    onError: (error, which) => notify.error(EXPORTS[which]().failed, error.message),
  });
}
