// The admin panel's sections, by the ids of the URL (/admin/<id>), in the sidebar's order and groups.
import {
  Bot,
  Calculator,
  ClipboardList,
  CreditCard,
  Clapperboard,
  FileText,
  FlaskConical,
  Inbox,
  Keyboard,
  LayoutDashboard,
  MessagesSquare,
  Package,
  Server,
  ShieldCheck,
  Smartphone,
  Store,
  Truck,
  Tv,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface AdminSection {
  id: string;
  label: string;
  icon: LucideIcon;
  group: string;
  /** What the section manages, as a noun phrase (a section not built yet shows 'Aqui você vai gerenciar …'). */
  description: string;
}

export const ADMIN_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, group: 'Visão geral', description: 'Os números do painel: acessos, planos, aplicativos e atividade recente.' },
  { id: 'apps', label: 'Aplicativos', icon: Smartphone, group: 'Catálogo', description: 'Os aplicativos da loja, com instaladores e códigos de ativação.' },
  { id: 'plans', label: 'Planos', icon: Package, group: 'Catálogo', description: 'Os planos de assinatura exibidos na página inicial, com preços por período.' },
  { id: 'reseller-plans', label: 'Planos de Revenda', icon: Store, group: 'Revenda', description: 'Os planos oferecidos aos revendedores.' },
  { id: 'pricing-calculator', label: 'Calculadora de Preços', icon: Calculator, group: 'Revenda', description: 'O cálculo de preços de venda a partir dos custos, margens e períodos dos planos.' },
  { id: 'streaming-apps', label: 'Apps de Streaming', icon: Tv, group: 'Catálogo', description: 'Os aplicativos de streaming listados na página de revendas.' },
  { id: 'shortcuts', label: 'Atalhos', icon: Keyboard, group: 'Catálogo', description: 'Os atalhos do chat e a ordem em que aparecem.' },
  { id: 'suppliers', label: 'Fornecedores', icon: Truck, group: 'Revenda', description: 'Os fornecedores de créditos e serviços da revenda, com contatos e condições.' },
  { id: 'servers', label: 'Servidores', icon: Server, group: 'Revenda', description: 'Os servidores usados pela revenda, com endereços e situação de cada um.' },
  { id: 'new-recharge', label: 'Nova Recarga', icon: CreditCard, group: 'Revenda', description: 'O registro de uma nova recarga de créditos para um cliente ou revendedor.' },
  { id: 'recharge-orders', label: 'Pedidos de Recarga', icon: ClipboardList, group: 'Revenda', description: 'Os pedidos de recarga feitos, com situação e histórico de cada um.' },
  { id: 'webhooks', label: 'Webhooks', icon: Webhook, group: 'Integrações', description: 'Os endpoints que recebem os eventos do site e o registro das entregas.' },
  { id: 'models', label: 'Modelos', icon: Bot, group: 'Integrações', description: 'O assistente do chat: instruções, respostas prontas e uma pergunta de teste.' },
  { id: 'tmdb', label: 'TMDB', icon: Clapperboard, group: 'Integrações', description: 'A integração com a TMDB e o catálogo local de títulos.' },
  { id: 'security', label: 'Segurança', icon: ShieldCheck, group: 'Sistema', description: 'Os usuários PRO, as sessões abertas e a trilha de auditoria.' },
  { id: 'content', label: 'Conteúdo', icon: FileText, group: 'Sistema', description: 'Os textos e configurações do site, por seção e chave.' },
  { id: 'crud-tester', label: 'Testador CRUD', icon: FlaskConical, group: 'Sistema', description: 'Um teste de ida e volta de criação, leitura, alteração e exclusão no servidor.' },
  { id: 'contact-messages', label: 'Mensagens de Contato', icon: Inbox, group: 'Atendimento', description: 'As mensagens recebidas pelo formulário de contato.' },
  { id: 'conversations', label: 'Conversas do Chat', icon: MessagesSquare, group: 'Atendimento', description: 'As conversas que os visitantes tiveram com o chat.' },
] as const satisfies readonly AdminSection[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

export const ADMIN_GROUPS = ['Visão geral', 'Catálogo', 'Revenda', 'Atendimento', 'Integrações', 'Sistema'] as const;

export const DEFAULT_SECTION: AdminSectionId = 'dashboard';

/** The section of an id from the URL; a missing or unknown one is the dashboard. */
export function resolveSection(id: string | undefined): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.id === id) ?? ADMIN_SECTIONS[0];
}

export const ADMIN_VERSION = 'v2.1.0';
