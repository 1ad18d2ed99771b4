import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@vitrine/domain/chat';
import { CONTACT_MESSAGES } from '@vitrine/domain/customers';
import { Toaster } from '@/components/ui/sonner';
import { ChatScreen } from './chat-screen';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

// The chat loads these apart from the page (lazy): loaded once here, before the first render, so no test waits for
// them, and no import started by this file is still under way when the next file in this worker runs.
beforeAll(async () => {
  await Promise.all([import('./contact-capture-form'), import('./assistant-markdown')]);
});

const CONVERSATION = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sse = (events: [string, unknown][]) =>
  new Response(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });

const message = (type: ChatMessage['type'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: crypto.randomUUID(),
  type,
  content,
  createdAt: '2026-11-29T15:04:00.000Z',
  feedback: null,
  imageUrl: null,
  audioUrl: null,
  suggestions: [],
  pix: null,
  ...extra,
});
const question = message('bot', 'Antes de gerar o PIX, me diga seu nome e um WhatsApp ou e-mail.', { asksContact: true });

/** The bodies the chat sent to its conversation's messages. */
const sentBodies = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === `/api/chat/conversations/${CONVERSATION}/messages` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

let sendAnswer: () => Response;
beforeEach(() => {
  sendAnswer = () =>
    sse([
      ['user', message('user', 'Maria Silva, (11) 98765-4321')],
      ['done', message('bot', 'Obrigado, Maria! Aqui está o PIX.')],
    ]);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/chat/conversations/latest') return json(200, { conversation: { id: CONVERSATION, createdAt: question.createdAt, messages: [question] } });
    if (url === '/api/chat/shortcuts') return json(200, []);
    if (url.endsWith('/messages') && init?.method === 'POST') return sendAnswer();
    return json(404, { error: { code: 'not_found', message: `Sem resposta para ${url}` } });
  });
});

function renderChat() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={['/chat']}>
        <ChatScreen />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const contactForm = async () => screen.findByRole('form', { name: 'Seu nome e contato' }, { timeout: 3_000 });
const field = (form: HTMLElement, name: string) => within(form).getByLabelText(name) as HTMLInputElement;

describe("the chat's contact form", () => {
  // Chromium's scrollIntoView returns a promise (jsdom has none): the form brings itself into view with it, and
  // must not hand that promise to React as its clean-up (the chat's error boundary took the page when it did).
  beforeEach(() => {
    Element.prototype.scrollIntoView = function scrollIntoView() {
      return Promise.resolve() as unknown as void;
    };
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows under the question why the contact is asked, and says in Portuguese what is missing or wrong', async () => {
    renderChat();
    const form = await contactForm();
    expect(within(screen.getAllByTestId('bot-message').at(-1)!).getByRole('form')).toBe(form);
    expect(form.textContent).toContain('para entregarmos seu acesso e avisarmos antes de vencer');

    await userEvent.click(within(form).getByRole('button', { name: 'Enviar contato' }));
    expect(await within(form).findByText(CONTACT_MESSAGES.nameMissing)).toBeTruthy();
    expect(within(form).getByText(CONTACT_MESSAGES.contactMissing)).toBeTruthy();

    await userEvent.type(field(form, 'Nome'), 'M');
    await userEvent.type(field(form, 'WhatsApp (com DDD)'), '123');
    await userEvent.type(field(form, 'E-mail'), 'maria@');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar contato' }));
    expect(await within(form).findByText(CONTACT_MESSAGES.nameTooShort)).toBeTruthy();
    expect(within(form).getByText(CONTACT_MESSAGES.whatsappInvalid)).toBeTruthy();
    expect(within(form).getByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(sentBodies()).toEqual([]);
  });

  it('sends { contact } through the conversation (the WhatsApp in E.164, the e-mail in lower case), and the answer replaces the form', async () => {
    renderChat();
    const form = await contactForm();
    await userEvent.type(field(form, 'Nome'), '  Maria Silva ');
    await userEvent.type(field(form, 'WhatsApp (com DDD)'), '(11) 98765-4321');
    await userEvent.type(field(form, 'E-mail'), 'Maria@Exemplo.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar contato' }));
    await waitFor(() => expect(sentBodies()).toEqual([{ contact: { name: 'Maria Silva', whatsapp: '+5511987654321', email: 'maria@exemplo.com' } }]));
    expect(await screen.findByText('Obrigado, Maria! Aqui está o PIX.', {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Seu nome e contato' })).toBeNull();
  });

  it('takes a WhatsApp alone, and keeps what was typed when the server refuses it', async () => {
    sendAnswer = () => json(503, { error: { code: 'unavailable', message: 'Serviço indisponível. Tente novamente.' } });
    renderChat();
    const form = await contactForm();
    await userEvent.type(field(form, 'Nome'), 'João');
    await userEvent.type(field(form, 'WhatsApp (com DDD)'), '11 98765 4321');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar contato' }));
    expect((await within(form).findByTestId('falha-ao-salvar')).textContent).toContain('Serviço indisponível. Tente novamente.');
    expect(sentBodies()).toEqual([{ contact: { name: 'João', whatsapp: '+5511987654321' } }]);
    expect(field(form, 'Nome').value).toBe('João');
    expect(field(form, 'WhatsApp (com DDD)').value).toBe('11 98765 4321');
  });

  it('leaves the composer as it was: a typed answer goes as text', async () => {
    renderChat();
    await contactForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Maria Silva, (11) 98765-4321');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() => expect(sentBodies()).toEqual([{ text: 'Maria Silva, (11) 98765-4321' }]));
  });
});
