import { Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { Button } from '@/components/ui/button';

export function ResellerHero() {
  return (
    <section className="bg-gradient-to-br from-violet-950 via-violet-800 to-fuchsia-700 px-4 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-4xl text-center">
        <p className="text-sm font-semibold tracking-widest text-fuchsia-200 uppercase">Programa de revenda</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Revenda streaming e lucre com cada cliente</h1>
        <p className="mx-auto mt-5 max-w-2xl text-white/85 sm:text-lg">
          Créditos pré-pagos, planos mensais ou por clientes ativos: escolha o modelo que combina com o seu negócio.
        </p>
        <Button asChild size="lg" className="mt-8 bg-white text-violet-800 hover:bg-white/90">
          <Link to={chatIntentHref({ kind: 'resell' })}>
            <Rocket aria-hidden />
            Começar Vendas
          </Link>
        </Button>
      </div>
    </section>
  );
}
