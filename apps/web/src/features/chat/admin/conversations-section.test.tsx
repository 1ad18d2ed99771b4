import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminChatConversation, ChatMessage, WhatsAppSend } from '@vitrine/domain/chat';
import { ConversationsSection } from './conversations-section';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const WHATSAPP_ID = '11111111-1111-4111-8111-111111111111';
const WEB_ID = '22222222-2222-4222-8222-222222222222';
const AT = '2026-11-29T15:00:00.000Z';

const summary = (id: string, channel: 'web' | 'whatsapp', lastMessage: string) => ({
  id,
  visitorId: channel === 'whatsapp' ? 'whatsapp:5511987650000' : 'a'.repeat(64),
  createdAt: AT,
  updatedAt: AT,
  messageCount: 2,
  lastMessage,
  openHandoffs: channel === 'whatsapp' ? 1 : 0,
  paymentIntents: 0,
  channel,
});

const message = (id: string, type: 'bot' | 'user', content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  type,
  content,
  createdAt: AT,
  feedback: null,
  imageUrl: null,
  audioUrl: null,
  suggestions: [],
  pix: null,
  ...extra,
});

const conversation = (id: string, channel: 'web' | 'whatsapp', extra: Partial<AdminChatConversation> = {}): AdminChatConversation => ({
  id,
  createdAt: AT,
  messages: [message(`${id.slice(0, 8)}-0000-4000-8000-000000000001`, 'user', 'Falar com atendente')],
  visitorId: 'x',
  handoffs: [],
  paymentIntents: [],
  channel,
  handledByPerson: channel === 'whatsapp',
  whatsappSends: [],
  ...extra,
});

const CUSTOMER_FILE = `/api/chat/conversations/${WHATSAPP_ID}/files/66666666-6666-4666-8666-666666666666`;
const WHATSAPP_MESSAGES = [
  message('44444444-4444-4444-8444-444444444444', 'user', 'Falar com atendente'),
  message('77777777-7777-4777-8777-777777777777', 'user', '', { imageUrl: CUSTOMER_FILE }),
];

/**
 * The server: the list of two conversations, their details (the WhatsApp one with `whatsappMessages`), and
 * `onReply` for the operator's reply.
 */
function serve(onReply: (body: { text: string }) => Response, whatsappMessages: ChatMessage[] = WHATSAPP_MESSAGES, whatsappSends: WhatsAppSend[] = []) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/settings')) return json(200, []);
    if (url.startsWith('/api/chat/admin/conversations?')) {
      return json(200, {
        items: [
          summary(WHATSAPP_ID, 'whatsapp', 'Falar com atendente'),
          summary(WEB_ID, 'web', 'Os **planos** estão em [Planos](https://vitrine.example/#planos).'),
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      });
    }
    if (url === `/api/chat/admin/conversations/${WHATSAPP_ID}/replies` && init?.method === 'POST') return onReply(JSON.parse(String(init.body)));
    if (url === `/api/chat/admin/conversations/${WHATSAPP_ID}`)
      return json(200, conversation(WHATSAPP_ID, 'whatsapp', { messages: whatsappMessages, whatsappSends }));
    if (url === `/api/chat/admin/conversations/${WEB_ID}`) return json(200, conversation(WEB_ID, 'web'));
    return json(404, { error: { code: 'not_found', message: 'Não encontrado.' } });
  });
  return {
    replies: () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/replies')).map(([, init]) => JSON.parse(String(init?.body)) as { text: string }),
  };
}

function renderSection() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <ConversationsSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The table's row showing `text` (the list also has cards for small screens). */
async function rowOf(text: string) {
  const table = await screen.findByRole('table');
  return (await within(table).findByText(text)).closest('tr')!;
}

async function open(lastMessage: string) {
  const row = await rowOf(lastMessage);
  await userEvent.click(within(row).getByRole('button', { name: 'Ver' }));
  return screen.findByRole('dialog');
}

describe('Conversas: WhatsApp beside the site', () => {
  it("lists each conversation with its channel's badge", async () => {
    serve(() => json(500, {}));
    renderSection();
    const whatsappRow = await rowOf('Falar com atendente');
    expect(within(whatsappRow).getByText('WhatsApp')).toBeTruthy();
    // An answer's Markdown is previewed as its words.
    const webRow = await rowOf('Os planos estão em Planos.');
    expect(within(webRow).getByText('Site')).toBeTruthy();
    expect(within(webRow).queryByText('WhatsApp')).toBeNull();
  });

  it("sends the operator's reply for a WhatsApp conversation and shows its failed send with why", async () => {
    const replyId = '33333333-3333-4333-8333-333333333333';
    const { replies } = serve((body) =>
      json(
        201,
        conversation(WHATSAPP_ID, 'whatsapp', {
          messages: [
            message('44444444-4444-4444-8444-444444444444', 'user', 'Falar com atendente'),
            message(replyId, 'bot', body.text, { fromOperator: true }),
          ],
          whatsappSends: [
            {
              id: '55555555-5555-4555-8555-555555555555',
              chatMessageId: replyId,
              kind: 'operator',
              status: 'failed',
              error: 'WhatsApp recusou o envio (HTTP 400)',
              template: null,
              held: false,
              createdAt: AT,
            },
          ],
        }),
      ),
    );
    renderSection();
    const dialog = await open('Falar com atendente');
    expect(await within(dialog).findByText('Atendimento humano')).toBeTruthy();
    // The image the customer sent on WhatsApp, shown to the operator.
    expect(within(dialog).getByRole('img', { name: 'Imagem enviada pelo cliente' }).getAttribute('src')).toContain('/files/66666666');
    const field = within(dialog).getByLabelText('Resposta pelo WhatsApp');

    // A blank reply is not sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pelo WhatsApp' }));
    expect(await within(dialog).findByText('Escreva a resposta.')).toBeTruthy();
    expect(replies()).toEqual([]);

    await userEvent.type(field, 'Olá! Aqui é a Ana.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pelo WhatsApp' }));
    // The form checks the text before it sends (asynchronously): the request follows the click, not with it.
    await expect.poll(replies).toEqual([{ text: 'Olá! Aqui é a Ana.' }]);
    const failure = await within(dialog).findByText('Não enviada pelo WhatsApp: WhatsApp recusou o envio (HTTP 400)');
    expect(failure.closest('li')!.textContent).toContain('Atendente');
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the assistant's answers as formatted Markdown, and what the customer and the operator typed as written", async () => {
    serve(
      () => json(500, {}),
      [
        message('44444444-4444-4444-8444-444444444444', 'user', 'quanto custa o **Premium**?\nobrigado'),
        message(
          '88888888-8888-4888-8888-888888888888',
          'bot',
          'O plano **Premium** custa R$ 40,00/mês.\n\n- 4 telas\n- 4K\n\nVeja [os planos](https://vitrine.example/#planos).',
        ),
        message('99999999-9999-4999-8999-999999999999', 'bot', 'Olá! Aqui é a *Ana*.\nJá libero.', { fromOperator: true }),
      ],
    );
    renderSection();
    const dialog = await open('Falar com atendente');
    const answer = await within(dialog).findByTestId('assistant-message');
    expect(within(answer).getByText('Premium').tagName).toBe('STRONG');
    expect(answer.textContent).not.toContain('**');
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4 telas', '4K']);
    expect(within(answer).getByRole('link', { name: 'os planos' }).getAttribute('href')).toBe('https://vitrine.example/#planos');

    // The customer's and the operator's texts: as typed, line breaks kept, no Markdown read into them.
    const customer = within(dialog).getByTestId('customer-message');
    expect(customer.querySelector('strong')).toBeNull();
    expect(within(customer).getByText('quanto custa o **Premium**?\nobrigado', { normalizer: (text) => text }).className).toContain('whitespace-pre-wrap');
    const operator = within(dialog).getByTestId('operator-message');
    expect(operator.querySelector('em')).toBeNull();
    expect(operator.textContent).toContain('Olá! Aqui é a *Ana*.\nJá libero.');
  });

  it('renders no HTML, image or javascript: link written in any message (stored XSS)', async () => {
    const payload = 'Veja <img src=x onerror=alert(1)> e [x](javascript:alert(1)) e ![foto](https://rastreio.example/p.png) <script>alert(2)</script>';
    serve(
      () => json(500, {}),
      [
        message('44444444-4444-4444-8444-444444444444', 'user', `Falar com atendente ${payload}`),
        message('88888888-8888-4888-8888-888888888888', 'bot', `**Resposta** ${payload}`),
        message('99999999-9999-4999-8999-999999999999', 'bot', payload, { fromOperator: true }),
      ],
    );
    renderSection();
    const dialog = await open(`Falar com atendente`);
    const answer = await within(dialog).findByTestId('assistant-message');
    expect(within(answer).getByText('Resposta').tagName).toBe('STRONG');
    expect(dialog.querySelector('img, script:not([src]), svg[onload]')).toBeNull();
    expect([...dialog.querySelectorAll('a')].filter((link) => /^\s*javascript:/i.test(link.getAttribute('href') ?? ''))).toEqual([]);
    expect(dialog.querySelector('[onerror]')).toBeNull();
    // The raw HTML is shown as the text it is.
    expect(answer.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(within(dialog).getByTestId('customer-message').textContent).toContain(payload);
    expect(within(dialog).getByTestId('operator-message').textContent).toContain(payload);
  });

  it('says a message held outside the 24-hour window goes when the customer writes again', async () => {
    const replyId = '99999999-9999-4999-8999-999999999999';
    const send = (id: string, extra: Partial<WhatsAppSend>): WhatsAppSend => ({
      id,
      chatMessageId: null,
      kind: 'operator',
      status: 'accepted',
      error: null,
      template: null,
      held: false,
      createdAt: AT,
      ...extra,
    });
    serve(
      () => json(500, {}),
      [
        message('44444444-4444-4444-8444-444444444444', 'user', 'Falar com atendente'),
        message(replyId, 'bot', 'Seu acesso foi liberado.', { fromOperator: true }),
      ],
      [
        send('55555555-5555-4555-8555-555555555555', { chatMessageId: replyId, template: 'retomar_atendimento', held: true }),
        send('66666666-6666-4666-8666-666666666666', {
          kind: 'reminder',
          status: 'failed',
          error: 'Fora da janela de 24 horas do WhatsApp e sem modelo aprovado configurado',
          held: true,
        }),
      ],
    );
    renderSection();
    const dialog = await open('Falar com atendente');
    const reply = (await within(dialog).findByTestId('operator-message')).textContent!;
    expect(reply).toContain(
      'WhatsApp: Enviada ao WhatsApp · fora da janela de 24 horas, enviada como o modelo aprovado "retomar_atendimento"; vai quando o cliente escrever de novo (em até 7 dias)',
    );
    expect(within(dialog).getByText('Lembrete de renovação').closest('li')!.textContent).toContain(
      'Não enviada pelo WhatsApp: Fora da janela de 24 horas do WhatsApp e sem modelo aprovado configurado; vai quando o cliente escrever de novo (em até 1 dia)',
    );
  });

  it('a site conversation has no reply box', async () => {
    serve(() => json(500, {}));
    renderSection();
    const dialog = await open('Os planos estão em Planos.');
    await within(dialog).findByText('Falar com atendente');
    expect(within(dialog).queryByLabelText('Resposta pelo WhatsApp')).toBeNull();
    expect(within(dialog).getByText('Site')).toBeTruthy();
  });
});
