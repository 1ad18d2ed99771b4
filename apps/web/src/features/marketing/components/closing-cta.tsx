import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-titulo" className="px-4 pb-20">
      <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 id="cta-titulo" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Pronto para começar?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-white/85">
          Converse com o nosso assistente: ele tira suas dúvidas, recomenda o plano ideal e ativa tudo para você.
        </p>
        <Button asChild size="lg" className="mt-8 bg-white text-violet-800 hover:bg-white/90">
          <Link to="/chat">
            <MessageCircle aria-hidden />
            Falar com a IA agora
          </Link>
        </Button>
      </div>
    </section>
  );
}
