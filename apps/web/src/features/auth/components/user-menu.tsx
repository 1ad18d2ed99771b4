import { LayoutDashboard, LogIn, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { authErrorMessage } from '../lib/auth-error-message';

/** Header corner: 'Entrar' for visitors; the e-mail, the admin link and 'Sair' when signed in. */
export function UserMenu({ layout = 'header' }: { layout?: 'header' | 'sheet' }) {
  const inSheet = layout === 'sheet';
  const { data } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();

  if (!data?.signedIn) {
    return (
      <Button asChild variant={inSheet ? 'outline' : 'ghost'} size="sm" className={inSheet ? 'w-full' : 'hidden md:inline-flex'}>
        <Link to="/auth">
          <LogIn aria-hidden />
          Entrar
        </Link>
      </Button>
    );
  }

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (error) => notify.error('Erro ao sair', authErrorMessage(error)),
    });

  return (
    <div className={inSheet ? 'flex flex-col gap-2' : 'flex items-center gap-1'} data-testid="user-menu">
      <span
        className={inSheet ? 'text-muted-foreground truncate text-sm' : 'text-muted-foreground hidden max-w-48 truncate text-sm 2xl:inline'}
        title={data.email ?? undefined}
      >
        {data.email}
      </span>
      {data.isPro && (
        <Button asChild variant={inSheet ? 'outline' : 'ghost'} size="sm" className={inSheet ? 'w-full' : 'hidden md:inline-flex'}>
          <Link to="/admin">
            <LayoutDashboard aria-hidden />
            Admin
          </Link>
        </Button>
      )}
      <Button variant={inSheet ? 'outline' : 'ghost'} size="sm" className={inSheet ? 'w-full' : undefined} onClick={onSignOut} disabled={signOut.isPending}>
        <LogOut aria-hidden />
        Sair
      </Button>
    </div>
  );
}
