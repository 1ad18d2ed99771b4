import { Bot, Cpu, Download, Gauge, Lock, MonitorPlay, Sparkles, Tv, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { SITE_CLAIMS } from '@vitrine/domain/site-claims';
import { Button } from '@/components/ui/button';

const highlights = [
  {
    icon: Bot,
    title: 'Chatbot com IA',
    text: 'Um assistente que entende português de verdade: tira dúvidas, compara planos, gera o PIX e ativa seus apps, a qualquer hora.',
    points: ['Respostas em menos de 500 ms', 'Atendimento 24 horas', 'Passa para um humano quando você pedir'],
  },
  {
    icon: MonitorPlay,
    title: 'Streaming 4K HDR',
    text: 'Imagem em Ultra HD com HDR, 60fps nos esportes ao vivo e som envolvente nos títulos compatíveis.',
    points: ['4K HDR', '60fps em jogos ao vivo', 'Ajuste automático à sua conexão'],
  },
  {
    icon: Lock,
    title: 'Segurança',
    text: 'Sua conta e seus pagamentos protegidos, com controle parental e dados tratados conforme a LGPD.',
    points: ['Conexão criptografada', 'Controle parental por perfil', 'Pagamentos via PIX'],
  },
  {
    icon: Sparkles,
    title: 'Recomendações com IA',
    text: 'Sugestões de filmes e séries que aprendem com o que você assiste e com o que você pede ao assistente.',
    points: ['Listas personalizadas', 'Em alta da semana', 'Perfis separados para cada pessoa'],
  },
] as const;

const extras = [
  { icon: Zap, title: 'Pagamento na conversa', text: 'Escolha o plano com o assistente e pague por PIX ali mesmo.' },
  { icon: Users, title: 'Até 6 perfis familiares', text: 'Cada pessoa com a sua lista e as suas recomendações.' },
  { icon: Download, title: 'DVR de 500GB', text: 'Grave a programação ao vivo e assista quando quiser.' },
  { icon: Tv, title: 'Todas as telas', text: 'Smart TV, TV Box, celular, tablet e computador.' },
] as const;

const specs = [
  ['Resolução máxima', '4K Ultra HD (2160p) com HDR'],
  ['Taxa de quadros', 'Até 60fps'],
  ['Latência', 'Menor que 50 ms'],
  ['Resposta da IA', 'Menos de 500 ms'],
  ['Perfis', 'Até 6 perfis familiares'],
  ['Gravação', 'DVR de 500GB na nuvem'],
  ['Disponibilidade', `${SITE_CLAIMS.uptime} de uptime`],
] as const;

export function FeaturesPage() {
  return (
    <main>
      <section className="bg-gradient-to-br from-violet-950 via-violet-800 to-fuchsia-700 px-4 py-16 text-center text-white sm:py-24">
        <h1 className="text-3xl font-extrabold tracking-tight min-[360px]:text-4xl sm:text-5xl">Funcionalidades</h1>
        <p className="mx-auto mt-5 max-w-2xl text-white/85 sm:text-lg">Inteligência artificial, imagem 4K e segurança em uma só assinatura.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-violet-800 hover:bg-white/90">
            <Link to={chatIntentHref({ kind: 'try_ai' })}>
              <Bot aria-hidden />
              Testar IA Agora
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white dark:bg-transparent"
          >
            <Link to="/">Ver Planos</Link>
          </Button>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-16">
        <section aria-label="Principais funcionalidades" className="grid gap-6 md:grid-cols-2">
          {highlights.map(({ icon: Icon, title, text, points }) => (
            <article key={title} className="bg-card rounded-2xl border p-6 shadow-sm sm:p-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white">
                <Icon className="size-6" aria-hidden />
              </span>
              <h2 className="mt-4 text-2xl font-bold">{title}</h2>
              <p className="text-muted-foreground mt-2">{text}</p>
              <ul className="mt-4 space-y-1.5 text-sm">
                {points.map((point) => (
                  <li key={point} className="flex items-center gap-2">
                    <span className="bg-primary size-1.5 rounded-full" aria-hidden />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </section>

        <section aria-labelledby="extras-titulo">
          <h2 id="extras-titulo" className="text-center text-3xl font-bold">
            E tem mais
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {extras.map(({ icon: Icon, title, text }) => (
              <li key={title} className="bg-card rounded-2xl border p-6 text-center shadow-sm">
                <Icon className="text-primary mx-auto size-8" aria-hidden />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="text-muted-foreground mt-1 text-sm">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="specs-titulo" className="mx-auto max-w-3xl">
          <h2 id="specs-titulo" className="flex items-center justify-center gap-2 text-center text-3xl font-bold">
            <Cpu className="text-primary size-7" aria-hidden />
            Especificações técnicas
          </h2>
          <dl className="bg-card mt-8 divide-y rounded-2xl border shadow-sm">
            {specs.map(([label, value]) => (
              <div key={label} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:justify-between">
                <dt className="text-muted-foreground flex items-center gap-2 text-sm">
                  <Gauge className="size-4" aria-hidden />
                  {label}
                </dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="rounded-3xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-bold">Veja na prática</h2>
          <p className="mx-auto mt-3 max-w-xl text-white/85">Converse com o assistente ou escolha o plano ideal para você.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-violet-800 hover:bg-white/90">
              <Link to={chatIntentHref({ kind: 'try_ai' })}>Testar IA Agora</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white dark:bg-transparent"
            >
              <Link to="/">Ver Planos</Link>
            </Button>
          </div>
        </section>
      </div>
    </main>
  );
}
