import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

// The generic crash screen.
export function ErrorScreen() {
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <AlertTriangle className="text-destructive size-12" aria-hidden />
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="text-muted-foreground max-w-md">Ocorreu um erro inesperado. Tente recarregar a página.</p>
      <Button onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden />
        Recarregar Página
      </Button>
    </main>
  );
}
