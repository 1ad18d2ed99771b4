// Dados RAG: the context, providers, plans and metrics as JSON or CSV, and the spreadsheet CSV, built
// by the server; every button waits while an export runs.
import { FileJson, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDownloadExport } from '../api/exports';

export function RagTab() {
  const download = useDownloadExport();
  const running = download.isPending ? download.variables : null;
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground max-w-2xl text-sm">
        Exporta o contexto do negócio (preços mínimos, descontos, tabelas de referência e regras), os provedores com suas faixas de custo, os planos para
        clientes e as métricas da visão consolidada, para alimentar um assistente ou uma planilha.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => download.mutate('json')} disabled={running !== null}>
          <FileJson className="size-4" aria-hidden /> {running === 'json' ? 'Exportando…' : 'Exportar JSON'}
        </Button>
        <Button onClick={() => download.mutate('csv')} disabled={running !== null} variant="outline">
          <FileText className="size-4" aria-hidden /> {running === 'csv' ? 'Exportando…' : 'Exportar CSV'}
        </Button>
        <Button onClick={() => download.mutate('sheet')} disabled={running !== null} variant="outline">
          <FileSpreadsheet className="size-4" aria-hidden /> {running === 'sheet' ? 'Exportando…' : 'Exportar planilha'}
        </Button>
      </div>
    </div>
  );
}
