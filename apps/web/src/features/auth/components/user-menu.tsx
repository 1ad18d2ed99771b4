import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '../api/get-session';

export function UserMenu() {
  const { data } = useSession();
  if (data?.signedIn) return <span className="text-muted-foreground hidden text-sm md:inline">{data.email}</span>;
  return (
    <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
      <Link to="/auth">
        <LogIn aria-hidden />
        Entrar
      </Link>
    </Button>
  );
}
