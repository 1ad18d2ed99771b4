// A webhook signing secret shown the one time the server answers it (a new endpoint, 'Novo segredo'):
// copy it now, it is never shown again.
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';

export function RevealedSecret({ revealed, title, onClose }: { revealed: { url: string; secret: string } | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-words">
            Copie agora: ele não será mostrado de novo. O receptor de {revealed?.url} deve usar este segredo para verificar as assinaturas.
          </DialogDescription>
        </DialogHeader>
        <code className="bg-muted block rounded p-2 text-xs break-all" data-testid="segredo-webhook">
          {revealed?.secret}
        </code>
        <DialogFooter>
          <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(revealed?.secret ?? '').then(() => notify.success('Segredo copiado'))}>
            <Copy className="size-4" aria-hidden /> Copiar
          </Button>
          <Button onClick={onClose}>Fechar</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
