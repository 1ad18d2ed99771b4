import { CheckCircle2, XCircle } from 'lucide-react';
import { emailIndicator } from '@vitrine/domain/auth';

/** The e-mail field's live indicator: nothing while empty, then valid or invalid by a simple format check. */
export function EmailIndicator({ value }: { value: string }) {
  const state = emailIndicator(value);
  return (
    <span data-testid="email-indicator" data-state={state} className="pointer-events-none absolute inset-y-0 right-3 flex items-center">
      {state === 'valid' && <CheckCircle2 className="size-4 text-emerald-500" aria-label="E-mail válido" />}
      {state === 'invalid' && <XCircle className="text-destructive size-4" aria-label="E-mail inválido" />}
    </span>
  );
}
