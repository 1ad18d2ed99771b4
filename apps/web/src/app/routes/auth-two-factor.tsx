import { ArrowLeft, Loader2, LogOut } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { twoFactorErrorCodes, twoFactorErrorMessages } from '@vitrine/domain/two-factor';
import type { PageHandle } from '@/components/layouts/page-head';
import { Button } from '@/components/ui/button';
import { TwoFactorCard } from '@/features/access/admin/two-factor-card';
import { useSession } from '@/features/auth/api/get-session';
import { useSignOut } from '@/features/auth/api/sign-out';

export const handle: PageHandle = {
  title: 'Verificação em duas etapas',
};

// /auth/duas-etapas: with REQUIRE_TWO_FACTOR, an admin without a second factor comes here before
// anything else (the API refuses its admin calls until then).
export function Component() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (session.isPending) {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Loader2 className="text-primary size-6 animate-spin" aria-label="Carregando" />
      </main>
    );
  }
  if (!session.data?.signedIn) return <Navigate to="/auth" replace />;
  if (session.data.twoFactorEnabled) return <Navigate to="/admin" replace />;

  return (
    <main className="bg-muted/30 flex min-h-screen flex-col items-center px-4 py-12">
      <div className="w-full max-w-2xl space-y-4">
        <Link to="/" className="text-muted-foreground hover:text-foreground inline-flex items-center gap-2 text-sm">
          <ArrowLeft className="size-4" aria-hidden />
          Voltar ao início
        </Link>
        <h1 className="text-2xl font-bold">Ative a verificação em duas etapas</h1>
        <p className="text-muted-foreground break-words">
          {session.data.twoFactorRequired ? twoFactorErrorMessages[twoFactorErrorCodes.required] : 'Proteja o acesso ao painel com um código do seu celular.'}{' '}
          Conta: <strong className="text-foreground">{session.data.email}</strong>
        </p>
        <TwoFactorCard onEnabled={() => void navigate('/admin', { replace: true })} />
        <Button
          variant="outline"
          onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate('/auth', { replace: true }) })}
          disabled={signOut.isPending}
        >
          <LogOut className="size-4" aria-hidden /> Sair
        </Button>
      </div>
    </main>
  );
}
