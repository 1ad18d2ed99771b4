import { Loader2 } from 'lucide-react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { PageHandle } from '@/components/layouts/page-head';
import { useSession } from '@/features/auth/api/get-session';
import { AuthForm, type AuthMode } from '@/features/auth/components/auth-form';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { afterSignInPath } from '@/features/auth/lib/after-sign-in';

// Links from the confirmation and reset pages open the form in the right mode.
const modes: Record<string, AuthMode> = { cadastro: 'signup', 'recuperar-senha': 'forgot' };

export const handle: PageHandle = {
  title: 'Entrar',
};

export function Component() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  // A signed-in user has nothing to do here: back to the page that sent them, or the admin (PRO) or home.
  if (session.data?.signedIn) return <Navigate to={afterSignInPath(location.state, session.data)} replace />;

  return (
    <AuthShell title="Acesso PRO" description="Entre ou crie sua conta com um e-mail PRO autorizado.">
      {session.isPending ? (
        <div className="flex justify-center py-8">
          <Loader2 className="text-primary size-6 animate-spin" aria-label="Carregando" />
        </div>
      ) : (
        <AuthForm initialMode={modes[params.get('modo') ?? ''] ?? 'login'} />
      )}
    </AuthShell>
  );
}
