import { Copy, Download } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_TEXTS } from '@vitrine/domain/chat-text';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatBRL } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface PixDetails {
  /** What is paid ('Plano Premium — Anual'), or the shortcut's name. */
  title: string;
  brCode: string;
  /** Empty for a PSP's charge, whose code carries the charge's address instead: the key is then not shown. */
  key: string;
  recipient: string;
  city: string;
  value: number | null;
  description: string;
}

type Notice = { title: string; description?: string; tone: 'info' | 'success' | 'error' };

/**
 * The PIX dialog: a QR code (level M, 200 px) of the BR Code, the key and the whole code to copy, the QR
 * as a PNG. Its notices ('PIX Aberto', 'Chave PIX Copiada!'…) are said inside it, in a line kept for
 * them, never in a toast: on a phone a toast would cover the copia-e-cola box and its buttons (the
 * site's toasts wait, hidden, while the dialog is open; see styles.css).
 */
export function PixDialog({ pix, onOpenChange }: { pix: PixDetails | null; onOpenChange: (open: boolean) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const code = pix?.brCode;
  useEffect(() => {
    if (code !== undefined) setNotice({ title: CHAT_TEXTS.pixOpened, tone: 'info' });
  }, [code]);

  async function copy(text: string, success: string, failure: string) {
    try {
      await navigator.clipboard.writeText(text);
      setNotice({ title: success, tone: 'success' });
    } catch {
      setNotice({ title: CHAT_TEXTS.copyErrorTitle, description: failure, tone: 'error' });
    }
  }

  const downloadQr = () => {
    if (!canvas.current) return;
    const link = document.createElement('a');
    link.href = canvas.current.toDataURL('image/png');
    link.download = 'pix-qrcode.png';
    link.click();
  };

  return (
    <Dialog open={pix !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-pix-dialog="">
        {pix && (
          <>
            <DialogHeader>
              <DialogTitle>Pagamento via PIX</DialogTitle>
              <DialogDescription>{pix.title}</DialogDescription>
            </DialogHeader>
            <p
              role="status"
              data-testid="pix-notice"
              className={cn(
                'min-h-5 text-sm font-medium',
                notice?.tone === 'error' ? 'text-destructive' : notice?.tone === 'success' ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
              )}
            >
              {notice ? `${notice.title}${notice.description ? ` ${notice.description}` : ''}` : ''}
            </p>
            <div className="flex justify-center">
              <div className="rounded-lg border bg-white p-3">
                <QRCodeCanvas ref={canvas} value={pix.brCode} level="M" size={200} marginSize={1} title="QR code do PIX" data-testid="pix-qr" />
              </div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Recebedor</dt>
              <dd className="font-medium break-words" data-testid="pix-recipient">
                {pix.recipient}
              </dd>
              <dt className="text-muted-foreground">Valor</dt>
              <dd className="font-semibold" data-testid="pix-value">
                {pix.value === null ? 'Definido por você' : formatBRL(pix.value)}
              </dd>
              {pix.description && (
                <>
                  <dt className="text-muted-foreground">Descrição</dt>
                  <dd className="break-words">{pix.description}</dd>
                </>
              )}
              <dt className="text-muted-foreground">Cidade</dt>
              <dd>{pix.city}</dd>
            </dl>
            {pix.key && (
              <div className="space-y-1.5">
                <p className="text-muted-foreground text-sm">Chave PIX</p>
                <div className="flex items-center gap-2">
                  <code className="bg-muted min-w-0 flex-1 truncate rounded px-2 py-1.5 text-sm" data-testid="pix-key">
                    {pix.key}
                  </code>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Copiar chave PIX"
                    onClick={() => void copy(pix.key, CHAT_TEXTS.pixKeyCopied, CHAT_TEXTS.copyKeyError)}
                  >
                    <Copy />
                  </Button>
                </div>
              </div>
            )}
            <div className="space-y-1.5">
              <p className="text-muted-foreground text-sm">PIX copia e cola</p>
              <div className="flex items-start gap-2">
                <code className="bg-muted max-h-24 min-w-0 flex-1 overflow-y-auto rounded px-2 py-1.5 text-xs break-all" data-testid="pix-brcode">
                  {pix.brCode}
                </code>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label="Copiar código PIX"
                  onClick={() => void copy(pix.brCode, CHAT_TEXTS.pixCodeCopied, CHAT_TEXTS.copyCodeError)}
                >
                  <Copy />
                </Button>
              </div>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={downloadQr}>
                <Download />
                Baixar QR Code
              </Button>
              <DialogClose asChild>
                <Button type="button">Fechar</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
