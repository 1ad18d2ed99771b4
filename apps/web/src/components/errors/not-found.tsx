import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-gradient text-7xl font-extrabold">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Button asChild variant="outline">
        <Link to="/">
          <Home aria-hidden />
          Voltar para o início
        </Link>
      </Button>
    </main>
  );
}
