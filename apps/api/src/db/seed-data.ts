// Demo data for a fresh install.
import { DEMO_PIX_SHORTCUT_NAME } from '@vitrine/domain/chat-text';
import { defaultFooterConfig, defaultHeaderConfig, type ContactChannel, type ContactFaq, type LegalDocument } from '@vitrine/domain/content';
import { formatBRL } from '@vitrine/domain/money';
import type { apps, discountRates, plans, rechargeContacts, resellerPlans, shortcuts, siteConfigurations, streamingApps, supplierPricing } from './schema.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const demoPlans: Insert<typeof plans>[] = [
  {
    name: 'Básico',
    icon: 'Monitor',
    priceMonthly: 35,
    features: ['+500 canais ao vivo', 'Qualidade HD', '1 tela simultânea', 'Suporte por chat'],
  },
  {
    name: 'Premium',
    icon: 'Crown',
    priceMonthly: 40,
    isPopular: true,
    features: ['+500 canais ao vivo', '+9.000 filmes', '+2.000 séries', 'Qualidade 4K', '2 telas simultâneas'],
  },
  {
    name: 'Family',
    icon: 'Home',
    priceMonthly: 50,
    isSpecial: true,
    features: ['Tudo do Premium', 'Até 6 perfis familiares', '4 telas simultâneas', 'Controle parental', 'DVR de 500GB'],
  },
];

const img = (seed: string) => `/demo/apps/${seed}.svg`;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * The demo apps have prices and dates of their own, so the store's sorts ('Mais recentes', 'Menor preço',
 * 'Maior preço') show three different orders. A seed row is written once, with the shop: dates are relative
 * to that day.
 */
export const demoApps: Insert<typeof apps>[] = [
  {
    name: 'Vitrine Player',
    price: 14.9,
    createdAt: daysAgo(420),
    updatedAt: daysAgo(3),
    description: 'Player oficial para assistir canais ao vivo, filmes e séries em qualquer tela, com guia de programação.',
    category: 'streaming',
    iconUrl: img('player'),
    version: '3.2.1',
    sizeMb: 48.5,
    rating: 4.8,
    ratingCount: 1240,
    ratingBreakdown: [980, 180, 50, 20, 10],
    downloads: 15200,
    developer: 'Vitrine Labs',
    tags: ['ao vivo', 'filmes', 'séries', '4k'],
    changelog: 'Novo guia de programação e melhorias de desempenho.',
    minVersion: 'Android 7.0',
    ram: '2 GB',
    storage: '100 MB',
    media: [
      { type: 'image', url: '/demo/media/player-1.svg', caption: 'Tela inicial' },
      { type: 'image', url: '/demo/media/player-2.svg', caption: 'Guia de programação' },
    ],
    isFeatured: true,
  },
  {
    name: 'Esporte Total',
    price: 19.9,
    createdAt: daysAgo(300),
    updatedAt: daysAgo(12),
    description: 'Jogos ao vivo, replays e placares em tempo real dos principais campeonatos.',
    category: 'esportes',
    iconUrl: img('esporte'),
    version: '2.0.4',
    sizeMb: 36,
    rating: 4.6,
    ratingCount: 860,
    ratingBreakdown: [610, 170, 50, 20, 10],
    downloads: 9800,
    developer: 'Arena Apps',
    tags: ['futebol', 'ao vivo', 'placar'],
    changelog: 'Notificações de gols.',
    minVersion: 'Android 6.0',
    ram: '2 GB',
    storage: '80 MB',
    isFeatured: true,
  },
  {
    name: 'Kids Play',
    price: 9.9,
    createdAt: daysAgo(45),
    updatedAt: daysAgo(20),
    description: 'Desenhos e filmes infantis com controle parental e perfis para crianças.',
    category: 'infantil',
    iconUrl: img('kids'),
    version: '1.4.0',
    sizeMb: 29,
    rating: 4.7,
    ratingCount: 540,
    ratingBreakdown: [420, 80, 25, 10, 5],
    downloads: 6400,
    developer: 'Vitrine Labs',
    tags: ['infantil', 'desenhos', 'família'],
    isFeatured: true,
  },
  {
    name: 'Music Wave',
    price: 7.9,
    createdAt: daysAgo(120),
    updatedAt: daysAgo(60),
    description: 'Rádios, clipes e shows ao vivo com qualidade de som em alta definição.',
    category: 'musica',
    iconUrl: img('music'),
    version: '1.1.2',
    sizeMb: 22,
    rating: 4.3,
    ratingCount: 210,
    ratingBreakdown: [130, 50, 20, 6, 4],
    downloads: 2100,
    developer: 'Som Digital',
    tags: ['música', 'rádio', 'shows'],
    isFeatured: true,
  },
  {
    name: 'Cine Mobile',
    price: 12.9,
    createdAt: daysAgo(14),
    updatedAt: daysAgo(5),
    description: 'Versão leve para celulares com download de títulos para assistir offline.',
    category: 'streaming',
    iconUrl: img('cine'),
    version: '2.5.0',
    sizeMb: 41,
    rating: 4.5,
    ratingCount: 730,
    ratingBreakdown: [500, 150, 50, 20, 10],
    downloads: 8700,
    developer: 'Vitrine Labs',
    tags: ['filmes', 'offline', 'celular'],
    isFeatured: true,
  },
  {
    name: 'Doc Mundo',
    price: 4.9,
    createdAt: daysAgo(200),
    updatedAt: daysAgo(90),
    description: 'Documentários sobre natureza, história e ciência, com legendas em português.',
    category: 'documentarios',
    iconUrl: img('doc'),
    version: '1.0.3',
    sizeMb: 18,
    rating: 4.2,
    ratingCount: 95,
    ratingBreakdown: [50, 30, 10, 3, 2],
    downloads: 640,
    developer: 'Saber TV',
    tags: ['documentários', 'ciência', 'história'],
    isFeatured: true,
  },
  {
    name: 'TV Box Setup',
    createdAt: daysAgo(75),
    updatedAt: daysAgo(30),
    description: 'Assistente de configuração para TV Box e Smart TV: rede, DNS e atualização do player.',
    category: 'utilitarios',
    iconUrl: img('setup'),
    version: '1.2.0',
    sizeMb: 9.5,
    rating: 4.0,
    ratingCount: 60,
    ratingBreakdown: [30, 15, 8, 4, 3],
    downloads: 1500,
    developer: 'Vitrine Labs',
    tags: ['configuração', 'tv box', 'smart tv'],
  },
  {
    name: 'Player Antigo',
    createdAt: daysAgo(800),
    updatedAt: daysAgo(700),
    description: 'Versão descontinuada do player, mantida apenas para registro.',
    category: 'streaming',
    iconUrl: img('legacy'),
    version: '0.9.0',
    sizeMb: 30,
    rating: 3.1,
    ratingCount: 12,
    downloads: 300,
    isActive: false,
  },
];

const reseller = (price: number) => price;

export const demoStreamingApps: Insert<typeof streamingApps>[] = [
  {
    name: 'UniTV',
    category: 'filmes-series',
    description:
      'Aplicativo completo com canais ao vivo, filmes e séries em alta definição, com catálogo atualizado diariamente e suporte a vários dispositivos.',
    iconUrl: '/demo/streaming/unitv.svg',
    rating: 4.8,
    ratingCount: 2300,
    price: reseller(20),
    developer: 'UniTV Group',
    version: '5.1.0',
    tags: ['filmes', 'séries', 'ao vivo', '4k'],
    screenshots: ['/demo/media/player-1.svg', '/demo/media/player-2.svg'],
    features: ['Canais ao vivo em HD e 4K', 'Filmes e séries sob demanda', 'Até 3 telas', 'Guia de programação'],
    minVersion: 'Android 5.0',
    ram: '1 GB',
    storage: '50 MB',
    internetSpeed: '10 Mbps',
    faq: [
      { question: 'Funciona em Smart TV?', answer: 'Sim, em TVs Android e em TV Box.' },
      { question: 'Quanto tempo leva a ativação?', answer: 'A ativação é feita em poucos minutos após o pagamento.' },
    ],
    hasMonthlyLicense: true,
    hasAnnualLicense: true,
    isFeatured: true,
  },
  {
    name: 'Futebol Play',
    category: 'esportes',
    description: 'Todos os campeonatos ao vivo, com replays e narração em português.',
    iconUrl: '/demo/streaming/futebol.svg',
    rating: 4.6,
    ratingCount: 1200,
    price: reseller(15),
    developer: 'Arena Apps',
    version: '3.0.2',
    tags: ['futebol', 'ao vivo', 'replays'],
    features: ['Jogos ao vivo', 'Replays', 'Placar em tempo real'],
    minVersion: 'Android 6.0',
    ram: '2 GB',
    internetSpeed: '15 Mbps',
    faq: [{ question: 'Tem todos os campeonatos?', answer: 'Os principais campeonatos nacionais e internacionais.' }],
    hasMonthlyLicense: true,
    isFeatured: true,
  },
  {
    name: 'Melodia TV',
    category: 'musica',
    description: 'Shows, clipes e rádios do mundo inteiro em um só lugar.',
    iconUrl: '/demo/streaming/melodia.svg',
    rating: 4.3,
    ratingCount: 310,
    price: reseller(8),
    developer: 'Som Digital',
    version: '1.8.0',
    tags: ['música', 'shows'],
    features: ['Shows ao vivo', 'Rádios'],
    hasMonthlyLicense: true,
    hasAnnualLicense: true,
  },
  {
    name: 'Turminha',
    category: 'infantil',
    description: 'Conteúdo infantil seguro, sem anúncios, com controle parental.',
    iconUrl: '/demo/streaming/turminha.svg',
    rating: 4.7,
    ratingCount: 640,
    price: reseller(10),
    developer: 'Vitrine Labs',
    version: '2.2.0',
    tags: ['infantil', 'desenhos', 'seguro'],
    features: ['Sem anúncios', 'Controle parental', 'Perfis infantis'],
    storage: '40 MB',
    hasMonthlyLicense: true,
  },
  {
    name: 'Planeta Docs',
    category: 'documentarios',
    description: 'Documentários premiados de natureza, história e tecnologia.',
    iconUrl: '/demo/streaming/docs.svg',
    rating: 4.4,
    ratingCount: 150,
    price: reseller(9.9),
    developer: 'Saber TV',
    version: '1.3.1',
    tags: ['documentários', 'natureza'],
    features: ['Catálogo curado', 'Legendas em português'],
    hasAnnualLicense: true,
    hasMonthlyLicense: false,
  },
  {
    name: 'P2P Cine',
    category: 'filmes-series',
    description: 'Filmes e séries com servidor P2P estável e baixa latência.',
    iconUrl: '/demo/streaming/p2p.svg',
    rating: 4.1,
    ratingCount: 280,
    price: reseller(12),
    developer: 'P2P Media',
    version: '4.0.0',
    tags: ['filmes', 'séries', 'p2p'],
    features: ['Servidor P2P', 'Legendas'],
    hasMonthlyLicense: true,
  },
  {
    name: 'Canal Extinto',
    category: 'filmes-series',
    description: 'Aplicativo desativado.',
    price: reseller(5),
    isActive: false,
  },
];

// A PIX shortcut in the chat pays for what the visitor chose in the conversation (plan and period, credits,
// an app activation) with the shop's own key (the 'pix_key' setting); its own amount is not used there.
// Until the shop sets its key the chat says payment is not configured. The data kept here can receive no money.
// Once the key is set, visitors read this shortcut without '(exemplo)' (toPublicShortcut); the row keeps its name.
export const demoShortcuts: Insert<typeof shortcuts>[] = [
  {
    name: DEMO_PIX_SHORTCUT_NAME,
    type: 'pix',
    orderIndex: 1,
    pixData: {
      key: 'exemplo@exemplo.invalid',
      value: 0,
      recipient: 'LOJA EXEMPLO',
      description: 'Exemplo',
      city: 'EXEMPLO',
    },
  },
  {
    name: 'Falar com atendente',
    type: 'webhook',
    orderIndex: 2,
    webhookUrl: 'https://hooks.example.com/vitrine/atendimento',
    payload: { intent: 'human_support' },
  },
];

export const demoResellerPlans: Insert<typeof resellerPlans>[] = [
  ...(
    [
      [50, 120, 'Para iniciantes'],
      [100, 180, 'Mais vendido'],
      [150, 240, 'Para revendas em crescimento'],
      [200, 300, 'Inclui um app próprio'],
    ] as const
  ).map(([credits, price, description]) => ({
    name: `Mensal ${credits} créditos`,
    type: 'monthly' as const,
    description,
    credits,
    price,
    features: [`${credits} créditos por mês`, 'Painel de revenda', ...(credits === 200 ? ['1 app próprio incluso'] : [])],
    // The plan form requires a modalidade (migration 0017 gives the same to a database seeded before).
    modalidadePlano: 'pre_pago' as const,
    billingPeriodNew: 'mensal' as const,
  })),
  ...(
    [
      [5, 7, 35],
      [10, 6.5, 65],
      [20, 6, 120],
    ] as const
  ).map(([credits, perCredit, minimum]) => ({
    name: `Clientes Ativos ${credits}`,
    type: 'active_users' as const,
    description: `${formatBRL(perCredit)} por cliente ativo`,
    credits,
    price: minimum,
    pricePerCredit: perCredit,
    minimumMonthly: minimum,
    features: ['Pague só pelos clientes ativos', `Mínimo mensal de ${formatBRL(minimum)}`],
    modalidadePlano: 'pos_pago' as const,
    billingPeriodNew: 'mensal' as const,
  })),
];

export const demoSupplierPricing: Insert<typeof supplierPricing>[] = [
  {
    category: 'Planos UniTV',
    supplier: 'UniTV Distribuidora',
    server: 'UniTV Principal',
    minimumPurchase: 50,
    costPerCredit: 4.5,
    username: 'revenda.unitv',
    panel: 'https://painel.unitv.example',
    clientPanel: 'https://clientes.unitv.example',
    prePago: true,
    qtdCreditos: 100,
    custoMedioCreditos: 4.5,
    pagamentoMinimo: 225,
  },
  {
    category: 'Planos UniTV',
    supplier: 'UniTV Distribuidora',
    server: 'UniTV Mensal',
    minimumPurchase: 50,
    costPerCredit: 3.8,
    username: 'revenda.unitv',
    panel: 'https://painel.unitv.example',
    clientPanel: 'https://clientes.unitv.example',
    mensalista: true,
    qtdCreditos: 50,
    custoMedioCreditos: 3.8,
    pagamentoMinimo: 190,
  },
  {
    category: 'Planos P2P',
    supplier: 'P2P Media',
    server: 'P2P Ativos',
    minimumPurchase: 10,
    costPerCredit: 5.2,
    username: 'revenda.p2p',
    panel: 'https://painel.p2p.example',
    clientPanel: 'https://clientes.p2p.example',
    clientesAtivos: true,
    qtdCreditos: 20,
    custoMedioCreditos: 5.2,
    pagamentoMinimo: 104,
  },
  {
    category: 'Planos P2P',
    supplier: 'P2P Media',
    server: 'P2P Pós',
    minimumPurchase: 0,
    costPerCredit: 6,
    username: 'revenda.p2p',
    panel: 'https://painel.p2p.example',
    clientPanel: 'https://clientes.p2p.example',
    posPago: true,
    qtdCreditos: 30,
  },
  {
    category: 'Fornecedores',
    supplier: 'Atacado Créditos',
    server: 'Atacado',
    minimumPurchase: 100,
    costPerCredit: 3,
    username: 'compras',
    panel: 'https://painel.atacado.example',
    clientPanel: 'https://clientes.atacado.example',
    qtdCreditos: 500,
  },
];

/** Reference price tables: [plan type, quantity from which it applies, unit price]. */
export const referencePriceTiers = [
  ['monthly', 50, 13],
  ['monthly', 100, 16.5],
  ['monthly', 500, 8],
  ['monthly', 1000, 8],
  ['quarterly', 50, 28],
  ['quarterly', 170, 22],
  ['quarterly', 3400, 17.5],
  ['semiannual', 50, 31],
  ['semiannual', 330, 22],
  ['semiannual', 3400, 15.5],
  ['annual', 5, 117],
  ['annual', 50, 105],
  ['annual', 500, 46],
] as const;

export const demoProviders = [
  {
    provider: {
      name: 'StreamMax',
      supplierName: 'StreamMax Distribuição',
      description: 'Fornecedor principal, preços da tabela de referência.',
      email: 'comercial@streammax.example',
      phone: '+55 (11) 98888-0001',
      providerUsername: 'vitrine',
      defaultUnitCost: 13,
    },
    // The reference tables as they are.
    factor: 1,
  },
  {
    provider: {
      name: 'TurboCast',
      supplierName: 'TurboCast Brasil',
      description: 'Segundo fornecedor, cerca de 8% mais caro, com entrega imediata.',
      email: 'vendas@turbocast.example',
      phone: '+55 (21) 97777-0002',
      providerUsername: 'vitrine-rj',
      defaultUnitCost: 14,
    },
    factor: 1.08,
  },
] as const;

/** The pricing calculator's discount presets, every shop's starting list. */
export const defaultDiscountRates: Insert<typeof discountRates>[] = [
  { name: 'Nenhum', percentage: 0 },
  { name: 'Básico', percentage: 5 },
  { name: 'Padrão', percentage: 10 },
  { name: 'Alto', percentage: 15 },
  { name: 'Premium', percentage: 20 },
  { name: 'Máximo', percentage: 25 },
];

const privacyPolicy: LegalDocument = {
  title: 'Política de Privacidade',
  updatedAt: '2024-01-15',
  body: `## 1. Quem somos

A Vitrine Streaming ("Vitrine", "nós") oferece planos de streaming, aplicativos e um assistente virtual. Esta política explica quais dados pessoais tratamos, por que os tratamos e quais são os seus direitos, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018 — LGPD).

## 2. Dados que coletamos

- **Dados que você nos envia:** nome, e-mail, assunto e mensagem do formulário de contato; e-mail e senha de quem tem acesso PRO; mensagens, imagens e áudios enviados ao assistente.
- **Dados de navegação:** páginas visitadas, página de origem, navegador e um identificador de sessão anônimo, usados para estatísticas de acesso.

Não vendemos dados pessoais nem os usamos para publicidade de terceiros.

## 3. Para que usamos os dados

Usamos os dados para responder aos seus contatos, prestar o serviço contratado, proteger a plataforma contra abusos (por exemplo, limitando tentativas repetidas de códigos de download) e melhorar o site a partir de estatísticas agregadas.

## 4. Seus direitos

Você pode pedir acesso, correção, portabilidade ou exclusão dos seus dados, e revogar consentimentos, escrevendo para **privacidade@vitrine.com.br**. Respondemos em até 15 dias.

## 5. Guarda e segurança

Os dados ficam em servidores com acesso restrito, e as senhas são armazenadas de forma irreversível. Mensagens de contato são guardadas por até 2 anos; estatísticas de acesso, por até 12 meses.`,
};

const termsOfUse: LegalDocument = {
  title: 'Termos de Uso',
  updatedAt: '2024-01-15',
  body: `## 1. Aceitação

Ao usar o site e os aplicativos da Vitrine Streaming você concorda com estes termos. Se não concordar, não utilize o serviço.

## 2. Planos e pagamentos

Os planos são cobrados no período escolhido (mensal, trimestral, semestral ou anual), pelos preços exibidos no momento da contratação. Períodos mais longos têm desconto sobre o valor mensal. O acesso pode ser suspenso em caso de falta de pagamento.

## 3. Uso permitido

O acesso é pessoal e limitado ao número de telas do plano. É proibido compartilhar credenciais, revender o acesso sem um plano de revenda ou tentar burlar os mecanismos de segurança, como os códigos de download.

## 4. Códigos de download

Cada código de download vale para um único uso e expira em 30 dias. Códigos usados ou expirados não são reembolsáveis.

## 5. Revendedores

Revendedores compram créditos (pré-pagos, mensais ou por clientes ativos) e são responsáveis pelo atendimento aos seus clientes finais.

## 6. Alterações

Podemos atualizar estes termos; a data da última revisão aparece no topo desta página. Dúvidas: **contato@vitrine.com.br**.`,
};

const contactChannels: ContactChannel[] = [
  {
    type: 'email',
    label: 'E-mail',
    value: 'contato@vitrine.com.br',
    href: 'mailto:contato@vitrine.com.br',
    description: 'Respondemos em até 24 horas.',
  },
  {
    type: 'phone',
    label: 'Telefone',
    value: '+55 (11) 4000-1234',
    href: 'tel:+551140001234',
    description: 'Segunda a sexta, das 9h às 18h.',
  },
  {
    type: 'whatsapp',
    label: 'WhatsApp',
    value: '+55 (11) 94000-1234',
    href: 'https://wa.me/5511940001234',
    description: 'Atendimento rápido todos os dias.',
  },
  { type: 'chat', label: 'Assistente IA', value: 'Converse agora', href: '/chat', description: 'Disponível 24 horas por dia.' },
  { type: 'address', label: 'Endereço', value: 'São Paulo, SP — Brasil', description: 'Atendimento presencial com agendamento.' },
];

const contactFaq: ContactFaq = [
  { question: 'Em quanto tempo vocês respondem?', answer: 'Respondemos todas as mensagens em até 24 horas.' },
  {
    question: 'Posso testar antes de assinar?',
    answer: 'Não há período de teste: você escolhe o plano mensal, paga só aquele mês e decide depois se continua.',
  },
  { question: 'Como me torno revendedor?', answer: 'Veja as ofertas na página Revendas ou fale com o nosso assistente.' },
  { question: 'Como recebo o código de download de um app?', answer: 'O código é enviado pelo atendimento após a contratação e vale por 30 dias.' },
];

// The assistant's own FAQ (site configuration 'assistant' / 'faq'), answered before it says it does not know.
const assistantFaq: ContactFaq = [
  { question: 'Em quais aparelhos posso assistir?', answer: 'Você assiste na Smart TV, TV Box, celular, tablet e computador, com os nossos apps.' },
  { question: 'Posso cancelar quando quiser?', answer: 'Sim. Não há fidelidade: o acesso vale até o fim do período pago.' },
  { question: 'Qual a velocidade de internet necessária?', answer: 'Recomendamos 10 Mbps para HD e 25 Mbps para 4K.' },
  { question: 'Como recebo o acesso depois de pagar?', answer: 'Assim que o PIX é confirmado, enviamos os dados de acesso pelo chat e por e-mail.' },
];

/** Site texts every shop starts with (demo or not): header, footer, legal pages, contact, FAQs, calculator costs. */
export const defaultSiteConfiguration: Insert<typeof siteConfigurations>[] = [
  ...Object.entries(defaultHeaderConfig).map(([configKey, configValue]) => ({ section: 'header', configKey, configValue })),
  ...Object.entries(defaultFooterConfig).map(([configKey, configValue]) => ({
    section: 'footer',
    configKey,
    configValue: configKey === 'copyright' ? { year: new Date().getFullYear(), text: 'Vitrine Streaming. Todos os direitos reservados.' } : configValue,
  })),
  { section: 'legal', configKey: 'privacy', configValue: privacyPolicy },
  { section: 'legal', configKey: 'terms', configValue: termsOfUse },
  { section: 'contact', configKey: 'channels', configValue: contactChannels },
  { section: 'contact', configKey: 'faq', configValue: contactFaq },
  { section: 'assistant', configKey: 'faq', configValue: assistantFaq },
  { section: 'pricing', configKey: 'standard_costs', configValue: { creditCost: 4.5, supplierCost: 4.5, providerCost: 13 } },
];

/** Who credit orders go to in the demo (a real shop keeps its own list). */
export const demoRechargeContacts: Insert<typeof rechargeContacts>[] = [
  { name: 'Central de Recargas', phone: '+55 (11) 97777-0001', notes: 'Atende pedidos de créditos de todos os provedores.' },
];
