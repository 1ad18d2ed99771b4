import { Home, LayoutDashboard, Loader2, RefreshCw, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { returnTo } from '../lib/after-sign-in';

/**
 * Guard of /admin and /pricing-calculator.
 * The API enforces the same rule on every request; this only decides what the page shows.
 */
export function RequirePro({ children }: { children?: ReactNode }) {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();

  if (session.isPending) {
    return (
      <Centered>
        <Loader2 className="text-primary size-8 animate-spin" aria-hidden />
        <p className="text-muted-foreground" role="status">
          Verificando permissões...
        </p>
      </Centered>
    );
  }

  // Only a first check that failed stands in for the page: a later re-check that fails (the server down
  // a moment, when a section reads the session again) keeps the panel and its sections, which say
  // their own failures; the API refuses every request it should not answer anyway.
  if (session.isError && !session.data) {
    return (
      <Centered>
        <ShieldAlert className="text-destructive size-10" aria-hidden />
        <p role="alert" className="max-w-md">
          Falha na verificação de acesso. Tente novamente ou contate o suporte.
        </p>
        <Button variant="outline" onClick={() => void session.refetch()}>
          <RefreshCw aria-hidden />
          Tentar novamente
        </Button>
      </Centered>
    );
  }

  if (!session.data.signedIn) return <Navigate to="/auth" replace state={returnTo(location.pathname + location.search)} />;

  // REQUIRE_TWO_FACTOR: the API refuses this admin until a second factor is on; enrolment comes first.
  if (session.data.twoFactorRequired) return <Navigate to="/auth/duas-etapas" replace />;

  if (!session.data.isPro) {
    return (
      <Centered>
        <ShieldAlert className="text-destructive size-10" aria-hidden />
        <h1 className="text-2xl font-bold">Acesso Restrito</h1>
        <p className="text-muted-foreground max-w-md">Esta área é exclusiva para usuários PRO ativos. Verifique com o administrador.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild variant="outline">
            <Link to="/">
              <Home aria-hidden />
              Voltar ao início
            </Link>
          </Button>
          {/* This account has no PRO access: the admin is reached by signing in with one that has. */}
          <Button
            variant="gradient"
            disabled={signOut.isPending}
            onClick={() =>
              void signOut
                .mutateAsync()
                .then(() => navigate('/auth', { state: returnTo('/admin') }))
                .catch(() => undefined)
            }
          >
            <LayoutDashboard aria-hidden />
            Ir para o Admin
          </Button>
        </div>
      </Centered>
    );
  }

  return children ?? <Outlet />;
}

function Centered({ children }: { children: ReactNode }) {
  return <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">{children}</main>;
}
