import { BarChart3, Headphones, LayoutDashboard, ShieldCheck, Wallet, Zap } from 'lucide-react';

const benefits = [
  { icon: Wallet, title: 'Margens altas', text: 'Compre créditos a partir de R$ 2,00 e defina o seu preço de venda.' },
  { icon: LayoutDashboard, title: 'Painel completo', text: 'Crie, renove e acompanhe os seus clientes em um só lugar.' },
  { icon: Zap, title: 'Ativação imediata', text: 'Os créditos entram na hora e o cliente começa a assistir em minutos.' },
  { icon: Headphones, title: 'Suporte dedicado', text: 'Atendimento prioritário para revendedores, 24 horas por dia.' },
  { icon: ShieldCheck, title: 'Servidores estáveis', text: 'Infraestrutura com alta disponibilidade e baixa latência.' },
  { icon: BarChart3, title: 'Cresça com a gente', text: 'Materiais de divulgação e planos que acompanham o tamanho da sua revenda.' },
] as const;

export function ResellerBenefits() {
  return (
    <section aria-labelledby="beneficios-titulo" className="space-y-6">
      <h2 id="beneficios-titulo" className="text-center text-2xl font-bold sm:text-3xl">
        Vantagens de ser revendedor
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="bg-card flex gap-4 rounded-2xl border p-5 shadow-sm">
            <span className="bg-accent text-primary flex size-10 shrink-0 items-center justify-center rounded-lg">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-muted-foreground mt-1 text-sm">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
