import { Film } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The premium entertainment section of the home page; the route puts the trending titles in it. */
export function EntertainmentSection({ children }: { children?: ReactNode }) {
  return (
    <section id="entretenimento" aria-labelledby="entretenimento-titulo" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl rounded-3xl bg-gradient-to-br from-slate-900 to-violet-950 px-4 py-12 text-center text-white sm:px-10">
        <Film className="mx-auto size-10 text-fuchsia-300" aria-hidden />
        <h2 id="entretenimento-titulo" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
          Entretenimento Premium
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-white/80">Os filmes e séries mais bem avaliados entre os que estão em alta nesta semana.</p>
        {children && <div className="mt-10">{children}</div>}
        <Button asChild size="lg" className="mt-10 bg-white text-violet-900 hover:bg-white/90">
          <Link to="/midia">Explorar catálogo</Link>
        </Button>
      </div>
    </section>
  );
}
