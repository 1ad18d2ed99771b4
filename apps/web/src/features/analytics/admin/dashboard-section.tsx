// Dashboard: counts, visits per day, top pages and sources from the site's access events, the chat's
// activity and feedback ratio, and contact messages waiting to be read.
import { ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard, SetupStep } from '@vitrine/domain/admin';
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useDashboard } from '../api/get-dashboard';
import { usePaymentsRevenue } from '../api/get-payments-revenue';
import { useSetupChecklist } from '../api/get-setup-checklist';

const PERIODS = [7, 30, 90] as const;

const COUNT_LABELS: [keyof Dashboard['counts'], string][] = [
  ['plans', 'Planos'],
  ['apps', 'Aplicativos'],
  ['streamingApps', 'Apps de streaming'],
  ['resellerPlans', 'Planos de revenda'],
  ['shortcuts', 'Atalhos'],
  ['proUsers', 'Usuários PRO ativos'],
  ['unreadContactMessages', 'Mensagens não lidas'],
  ['openHandoffs', 'Pedidos de atendente'],
  ['failedShortcutRuns', 'Atalhos não entregues'],
];

/** A count on a chart's axis or tooltip, the Brazilian way (1.500 visitas). */
const count = (value: unknown) => (Number.isFinite(Number(value)) ? formatDecimal(Number(value)) : String(value));

/** 'Primeiros passos': what a new shop still has to set, each linking to where it is done. */
const SETUP_STEP_TEXTS: Record<SetupStep, { title: string; detail: string; href: string }> = {
  pix_key: { title: 'Cadastre a chave PIX da loja', detail: 'Sem ela, o chat não mostra nenhum código PIX.', href: '/admin/shortcuts#pix-da-loja' },
  contact_email: {
    title: 'Informe o e-mail de contato',
    detail: 'Para onde vão as mensagens do formulário de contato.',
    href: '/admin/contact-messages#email-de-contato',
  },
  smtp: { title: 'Configure o envio de e-mails', detail: 'Defina SMTP_URL no servidor; até lá, os e-mails ficam na caixa de saída.', href: '/admin/security' },
  public_url: {
    title: 'Informe o endereço público da loja',
    detail: 'Defina PUBLIC_URL no servidor; até lá, os links dos e-mails só abrem no próprio servidor.',
    href: '/admin/security',
  },
  tmdb: { title: 'Cadastre a chave da TMDB', detail: 'Sem ela, /midia mostra o catálogo local.', href: '/admin/tmdb' },
  second_admin: { title: 'Convide um segundo administrador', detail: 'Para a loja não depender de uma só pessoa.', href: '/admin/security' },
};

function SetupChecklistCard() {
  const query = useSetupChecklist();
  const pending = query.data?.steps.filter((step) => !step.done) ?? [];
  if (pending.length === 0) return null;
  return (
    <Card aria-labelledby="primeiros-passos-titulo" role="region">
      <CardHeader>
        <CardTitle id="primeiros-passos-titulo" className="text-base">
          Primeiros passos
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-border divide-y">
          {pending.map((step) => {
            const text = SETUP_STEP_TEXTS[step.id];
            return (
              <li key={step.id}>
                <Link to={text.href} className="hover:bg-muted/60 -mx-2 flex items-center gap-3 rounded-md px-2 py-2.5">
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{text.title}</span>
                    <span className="text-muted-foreground block text-xs">{text.detail}</span>
                  </span>
                  <ChevronRight className="text-muted-foreground size-4 shrink-0" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Paid revenue (all time and the last 30 days) and charges waiting, linking to Pagamentos. */
function PaymentsRevenueCard() {
  const query = usePaymentsRevenue();
  const data = query.data;
  const cells: [string, string | undefined][] = [
    ['Receita paga', data && formatBRL(data.paidTotal)],
    ['Pagos nos últimos 30 dias', data && formatBRL(data.paidLast30Days)],
    ['Pagamentos recebidos', data?.paidCount.toLocaleString('pt-BR')],
    ['PIX aguardando', data?.pendingCount.toLocaleString('pt-BR')],
  ];
  return (
    <Card className="gap-2 py-3" role="region" aria-labelledby="receita-titulo">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-3">
        <CardTitle id="receita-titulo" className="text-base">
          Pagamentos
        </CardTitle>
        <Link to="/admin/payments" className="text-primary text-sm underline-offset-4 hover:underline">
          Ver pagamentos
        </Link>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 px-3 md:grid-cols-4">
        {cells.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <p className="text-muted-foreground text-xs font-medium">{label}</p>
            <div className="text-xl font-semibold break-words tabular-nums">{value ?? <Skeleton className="h-7 w-16" />}</div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** `customerFigures`: the customers' figures (features/customers), which the admin route composes in. */
export function DashboardSection({ customerFigures }: { customerFigures?: ReactNode } = {}) {
  const [days, setDays] = useState<number>(30);
  const query = useDashboard(days);
  useLoadErrorToast(query.error, 'o painel');
  const data = query.data;

  return (
    <section className="space-y-4" aria-labelledby="painel-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="painel-titulo" className="text-lg font-semibold">
          Visão geral
        </h2>
        <ToggleGroup type="single" value={String(days)} onValueChange={(value) => value && setDays(Number(value))} aria-label="Período">
          {PERIODS.map((period) => (
            <ToggleGroupItem key={period} value={String(period)} aria-label={`Últimos ${period} dias`}>
              {period} dias
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>

      <SetupChecklistCard />

      <PaymentsRevenueCard />

      {customerFigures}

      {data && data.counts.failedShortcutRuns > 0 && (
        <div
          role="alert"
          className="border-destructive/40 bg-destructive/5 flex flex-wrap items-center justify-between gap-2 rounded-lg border px-4 py-3 text-sm"
        >
          <p>
            <strong>{data.counts.failedShortcutRuns.toLocaleString('pt-BR')}</strong>{' '}
            {data.counts.failedShortcutRuns === 1 ? 'atalho do chat não foi entregue' : 'atalhos do chat não foram entregues'} no período: o visitante foi
            avisado e orientado a usar outro canal.
          </p>
          <Link to="/admin/webhooks" className="text-primary inline-flex items-center gap-1 font-medium hover:underline">
            Ver entregas
            <ChevronRight className="size-4" aria-hidden />
          </Link>
        </div>
      )}

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {COUNT_LABELS.map(([key, label]) => (
          <Card key={key} className="gap-1 py-3">
            <CardHeader className="px-3">
              <CardTitle className="text-muted-foreground text-xs font-medium">{label}</CardTitle>
            </CardHeader>
            <CardContent className="px-3 text-2xl font-semibold tabular-nums">
              {data ? data.counts[key].toLocaleString('pt-BR') : <Skeleton className="h-7 w-12" />}
            </CardContent>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Visitas por dia</CardTitle>
        </CardHeader>
        <CardContent className="h-64 px-2">
          {data ? (
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data.visitsPerDay} margin={{ left: 0, right: 12, top: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={12} minTickGap={16} />
                <YAxis allowDecimals={false} fontSize={12} width={44} tickFormatter={count} />
                <Tooltip
                  labelFormatter={(day) => dayLabel(String(day))}
                  formatter={(value, name) => [count(value), name === 'visits' ? 'Visitas' : 'Sessões']}
                />
                <Line type="monotone" dataKey="visits" name="visits" stroke="var(--color-primary)" strokeWidth={2} dot={false} />
                <Line type="monotone" dataKey="sessions" name="sessions" stroke="var(--color-muted-foreground)" strokeWidth={1.5} dot={false} />
              </LineChart>
            </ResponsiveContainer>
          ) : (
            <Skeleton className="h-full w-full" />
          )}
        </CardContent>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <TopList title="Páginas mais visitadas" rows={data?.topPages.map((row) => ({ name: row.path, visits: row.visits }))} />
        <TopList
          title="Origens das visitas"
          rows={data?.topSources.map((row) => ({ name: row.source === 'direct' ? 'Acesso direto' : row.source, visits: row.visits }))}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Assistente (chat)</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          {data ? (
            <>
              <Figure label="Conversas" value={data.chat.conversations.toLocaleString('pt-BR')} />
              <Figure label="Mensagens" value={data.chat.messages.toLocaleString('pt-BR')} />
              <Figure label="Avaliações 👍 / 👎" value={`${data.chat.positive} / ${data.chat.negative}`} />
              <Figure label="Aprovação" value={data.chat.positiveRatio === null ? '—' : `${Math.round(data.chat.positiveRatio * 100)}%`} />
            </>
          ) : (
            <Skeleton className="col-span-full h-10" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div className="text-muted-foreground text-xs">{label}</div>
      <div className="text-xl font-semibold tabular-nums">{value}</div>
    </div>
  );
}

function TopList({ title, rows }: { title: string; rows: { name: string; visits: number }[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="h-64 px-2">
        {!rows ? (
          <Skeleton className="h-full w-full" />
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground px-4 text-sm">Nenhuma visita no período.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16, top: 0, bottom: 0 }}>
              <XAxis type="number" allowDecimals={false} fontSize={12} tickFormatter={count} />
              <YAxis
                type="category"
                dataKey="name"
                width={110}
                fontSize={11}
                tickFormatter={(name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name)}
              />
              <Tooltip formatter={(value) => [count(value), 'Visitas']} />
              <Bar dataKey="visits" fill="var(--color-primary)" radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}
