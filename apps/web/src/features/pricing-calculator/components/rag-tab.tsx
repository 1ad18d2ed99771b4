// Dados RAG: the context, providers, plans and metrics as JSON or CSV, and the spreadsheet CSV, built
// by the server; every button waits while an export runs.
import { FileJson, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { EXPORT_TOASTS, exportFileName } from '@vitrine/domain/recharge';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import { Button } from '@/components/ui/button';
import { endpointUrl } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { downloadExport } from '../lib/download';

type ExportKind = 'json' | 'csv' | 'sheet';

export function RagTab() {
  const [running, setRunning] = useState<ExportKind | null>(null);
  const run = async (kind: ExportKind) => {
    setRunning(kind);
    try {
      if (kind === 'sheet') {
        await downloadExport(endpointUrl(adminPricingContract.spreadsheetCsv), exportFileName('planilha-precos', 'csv'));
        notify.success(EXPORT_TOASTS.sheetDone);
      } else {
        await downloadExport(endpointUrl(adminPricingContract.ragExport, { query: { format: kind } }), exportFileName('dados-rag', kind));
        notify.success(EXPORT_TOASTS.ragDone);
      }
    } catch (error) {
      notify.error(kind === 'sheet' ? EXPORT_TOASTS.sheetError : EXPORT_TOASTS.ragError, (error as Error).message);
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground max-w-2xl text-sm">
        Exporta o contexto do negócio (preços mínimos, descontos, tabelas de referência e regras), os provedores com suas faixas de custo, os planos para
        clientes e as métricas da visão consolidada, para alimentar um assistente ou uma planilha.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void run('json')} disabled={running !== null}>
          <FileJson className="size-4" aria-hidden /> {running === 'json' ? 'Exportando…' : 'Exportar JSON'}
        </Button>
        <Button onClick={() => void run('csv')} disabled={running !== null} variant="outline">
          <FileText className="size-4" aria-hidden /> {running === 'csv' ? 'Exportando…' : 'Exportar CSV'}
        </Button>
        <Button onClick={() => void run('sheet')} disabled={running !== null} variant="outline">
          <FileSpreadsheet className="size-4" aria-hidden /> {running === 'sheet' ? 'Exportando…' : 'Exportar planilha'}
        </Button>
      </div>
    </div>
  );
}
