import { ArrowDown, Bot, Clapperboard, MonitorPlay, Sparkles, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { SITE_CLAIMS } from '@vitrine/domain/site-claims';
import { Button } from '@/components/ui/button';

const claims = [
  { icon: Zap, value: SITE_CLAIMS.uptime, label: 'uptime' },
  { icon: Users, value: SITE_CLAIMS.activeUsers, label: 'usuários ativos' },
  { icon: Bot, value: SITE_CLAIMS.aiResponse, label: 'resposta da IA' },
  { icon: Clapperboard, value: SITE_CLAIMS.titles, label: 'títulos' },
  { icon: MonitorPlay, value: '4K', label: 'Ultra HD' },
] as const;

/** Smooth scroll to the plans section, without changing the route. */
function scrollToPlans() {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('planos')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}

/** The home hero; the chat button goes to /chat when signed in and to /auth otherwise. */
export function HomeHero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-violet-950 via-violet-800 to-fuchsia-700 px-4 py-20 text-white sm:py-28">
      <div aria-hidden className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-fuchsia-500/30 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -bottom-32 -left-20 size-96 rounded-full bg-violet-400/20 blur-3xl" />
      <div className="relative mx-auto max-w-5xl text-center">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium ring-1 ring-white/20">
          <Sparkles className="size-4" aria-hidden />
          Streaming premium com assistente de IA
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          Tudo o que você ama assistir, em 4K e com um assistente que entende você
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base text-pretty text-white/85 sm:text-lg">
          Canais ao vivo, filmes e séries em qualquer tela. Tire dúvidas, escolha seu plano e ative seus apps conversando com a nossa IA.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-violet-800 hover:bg-white/90">
            <Link to={signedIn ? '/chat' : '/auth'}>
              <Bot aria-hidden />
              {signedIn ? 'Conversar com a IA' : 'Começar Agora'}
            </Link>
          </Button>
          <Button
            type="button"
            size="lg"
            variant="outline"
            onClick={scrollToPlans}
            className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white dark:bg-transparent"
          >
            Ver Planos
            <ArrowDown aria-hidden />
          </Button>
        </div>
        <dl className="mx-auto mt-14 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-5">
          {claims.map(({ icon: Icon, value, label }, index) => (
            <div
              key={label}
              className={
                index === claims.length - 1
                  ? 'col-span-2 rounded-xl bg-white/10 p-4 ring-1 ring-white/15 sm:col-span-1'
                  : 'rounded-xl bg-white/10 p-4 ring-1 ring-white/15'
              }
            >
              <dt className="sr-only">{label}</dt>
              <dd>
                <Icon className="mx-auto mb-2 size-5 text-fuchsia-200" aria-hidden />
                <span className="block text-2xl font-bold">{value}</span>
                <span className="block text-sm text-white/75">{label}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
