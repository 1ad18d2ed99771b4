import { Bot, Download, MonitorPlay, ShieldCheck, Smartphone, Sparkles } from 'lucide-react';

const features = [
  { icon: Bot, title: 'Assistente de IA', text: 'Tire dúvidas, escolha planos e resolva problemas em segundos, a qualquer hora.' },
  { icon: MonitorPlay, title: 'Qualidade 4K HDR', text: 'Imagem em Ultra HD com HDR e som envolvente nos títulos compatíveis.' },
  { icon: Smartphone, title: 'Todas as telas', text: 'Smart TV, TV Box, celular, tablet e computador com a mesma conta.' },
  { icon: Sparkles, title: 'Recomendações inteligentes', text: 'Sugestões de filmes e séries feitas para o seu gosto.' },
  { icon: ShieldCheck, title: 'Segurança', text: 'Pagamentos protegidos, controle parental e seus dados tratados conforme a LGPD.' },
  { icon: Download, title: 'Apps oficiais', text: 'Baixe os aplicativos da loja com códigos de acesso e ative em minutos.' },
] as const;

export function FeatureCards() {
  return (
    <section aria-labelledby="recursos-titulo" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="recursos-titulo" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Por que escolher a Vitrine
          </h2>
          <p className="text-muted-foreground mt-3">Tecnologia de ponta para você só se preocupar com o que assistir.</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="bg-card rounded-2xl border p-6 shadow-sm transition-shadow hover:shadow-md">
              <span className="bg-accent text-primary flex size-12 items-center justify-center rounded-xl">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground mt-2 text-sm leading-relaxed">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
