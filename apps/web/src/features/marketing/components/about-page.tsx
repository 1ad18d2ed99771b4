import { Award, Headphones, Lightbulb, ShieldCheck, Users } from 'lucide-react';
import { SITE_CLAIMS } from '@vitrine/domain/site-claims';

const values = [
  { icon: ShieldCheck, title: 'Segurança', text: 'Pagamentos protegidos, dados tratados conforme a LGPD e controle parental em todos os planos.' },
  { icon: Users, title: 'Comunidade', text: 'Ouvimos clientes e revendedores para decidir o que construir a seguir.' },
  { icon: Lightbulb, title: 'Inovação', text: 'Inteligência artificial no atendimento, nas recomendações e na ativação dos apps.' },
  { icon: Award, title: 'Excelência', text: 'Imagem em 4K, servidores estáveis e suporte que resolve de verdade.' },
] as const;

const stats = [
  { value: SITE_CLAIMS.activeUsers, label: 'usuários ativos' },
  { value: SITE_CLAIMS.uptime, label: 'uptime' },
  { value: '1M+', label: 'horas assistidas' },
  { value: '24/7', label: 'Suporte 24/7' },
] as const;

const timeline = [
  { year: '2020', title: 'O começo', text: 'A Vitrine nasce em São Paulo com um catálogo de canais ao vivo e os primeiros mil assinantes.' },
  { year: '2021', title: 'Apps oficiais', text: 'Lançamos os aplicativos para Smart TV, TV Box e celular, com download por código de acesso.' },
  { year: '2022', title: 'Programa de revenda', text: 'Revendedores passam a vender nossos planos com créditos pré-pagos, mensais e por clientes ativos.' },
  { year: '2023', title: 'Qualidade 4K', text: `Migramos para servidores novos, com 4K HDR e ${SITE_CLAIMS.uptime} de disponibilidade.` },
  { year: '2024', title: 'Assistente de IA', text: 'O assistente passa a atender, recomendar planos e ativar apps em segundos, 24 horas por dia.' },
] as const;

export function AboutPage() {
  return (
    <main>
      <section className="bg-gradient-to-br from-violet-950 via-violet-800 to-fuchsia-700 px-4 py-16 text-center text-white sm:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Sobre a Vitrine</h1>
        <p className="mx-auto mt-5 max-w-2xl text-white/85 sm:text-lg">
          Streaming premium com tecnologia brasileira, feito para quem quer assistir sem complicação.
        </p>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-16">
        <section aria-labelledby="missao-titulo" className="mx-auto max-w-3xl text-center">
          <h2 id="missao-titulo" className="text-3xl font-bold">
            Nossa missão
          </h2>
          <p className="text-muted-foreground mt-4 text-lg leading-relaxed">
            Levar o melhor do entretenimento a todas as telas do Brasil, com qualidade de cinema, preço justo e um atendimento inteligente que responde na hora
            — para clientes e para quem revende.
          </p>
        </section>

        <section aria-labelledby="valores-titulo">
          <h2 id="valores-titulo" className="text-center text-3xl font-bold">
            Nossos valores
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="bg-card rounded-2xl border p-6 text-center shadow-sm">
                <span className="bg-accent text-primary mx-auto flex size-12 items-center justify-center rounded-xl">
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="text-muted-foreground mt-2 text-sm">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-label="Números" className="rounded-3xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-10 text-white">
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {stats.map(({ value, label }) => (
              <div key={label}>
                <dt className="sr-only">{label}</dt>
                <dd>
                  <span className="block text-4xl font-extrabold">{value}</span>
                  <span className="text-white/80">{label === 'Suporte 24/7' ? 'Suporte' : label}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="historia-titulo">
          <h2 id="historia-titulo" className="text-center text-3xl font-bold">
            Nossa história
          </h2>
          <ol className="relative mx-auto mt-10 max-w-3xl space-y-8 border-l-2 border-primary/40 pl-8">
            {timeline.map((entry) => (
              <li key={entry.year} className="relative">
                <span className="bg-primary ring-background absolute top-1 -left-[2.55rem] size-4 rounded-full ring-4" aria-hidden />
                <p className="text-primary text-sm font-bold">{entry.year}</p>
                <h3 className="text-lg font-semibold">{entry.title}</h3>
                <p className="text-muted-foreground mt-1">{entry.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
          <Headphones className="size-4" aria-hidden />
          Dúvidas? Nosso time responde em até 24 horas.
        </section>
      </div>
    </main>
  );
}
