import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { authErrorMessage } from '../lib/auth-error-message';

/**
 * 'Sair' of the pages outside the site's header (the admin panel, the calculator): the signed-in
 * e-mail (from 640 px) and the button that ends the session on the server, then /auth.
 */
export function SignOutButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  const { data } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => void navigate('/auth', { replace: true }),
      onError: (error) => notify.error('Erro ao sair', authErrorMessage(error)),
    });
  return (
    <div className="flex min-w-0 items-center gap-2">
      {data?.email && (
        <span className="text-muted-foreground hidden max-w-56 truncate text-sm sm:inline" title={data.email}>
          {data.email}
        </span>
      )}
      <Button variant="outline" size={size} onClick={onSignOut} disabled={signOut.isPending}>
        <LogOut className="size-4" aria-hidden />
        Sair
      </Button>
    </div>
  );
}
