import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@vitrine/domain/chat';
import { MessageList, type MessageListProps } from './message-list';

let sequence = 0;
const message = (type: ChatMessage['type'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m-${(sequence += 1)}`,
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

const renderList = (props: Partial<MessageListProps> & Pick<MessageListProps, 'messages'>) => {
  const handlers = { onRate: vi.fn(), onSuggestion: vi.fn(), onOpenPix: vi.fn() };
  render(<MessageList typing={false} draft={null} busy={false} {...handlers} {...props} />);
  return handlers;
};

describe('the chat messages', () => {
  it("shows what the visitor typed as text, never as markup, at São Paulo's time", () => {
    renderList({ messages: [message('user', '<img src=x onerror="alert(1)"> **negrito**')] });
    const visitor = screen.getByTestId('user-message');
    expect(within(visitor).getByTestId('message-content').textContent).toBe('<img src=x onerror="alert(1)"> **negrito**');
    expect(visitor.querySelector('img, strong')).toBeNull();
    // 15:04 UTC is 12:04 in São Paulo.
    expect(within(visitor).getByText('12:04').tagName).toBe('TIME');
  });

  it("renders the assistant's Markdown (bold, lists, links) once its renderer has loaded", async () => {
    renderList({ messages: [message('bot', '**Premium**: R$ 29,90\n\n- 4 telas\n- 4K\n\nVeja [os planos](/#planos).')] });
    const bot = screen.getByTestId('bot-message');
    // The renderer's first import (react-markdown and its parsers) took over a second on a busy machine.
    expect((await within(bot).findByText('Premium', {}, { timeout: 5_000 })).tagName).toBe('STRONG');
    expect(
      within(bot)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4 telas', '4K']);
    expect(within(bot).getByRole('link', { name: 'os planos' }).getAttribute('href')).toBe('/#planos');
  });

  it('offers the suggestions of the last answer only, not while the assistant types, disabled while busy', async () => {
    const first = message('bot', 'Olá!', { suggestions: ['Ver planos'] });
    const last = message('bot', 'Qual período?', { suggestions: ['Mensal', 'Anual'] });
    const { onSuggestion } = renderList({ messages: [first, message('user', 'Premium'), last] });
    const suggestions = screen.getByRole('group', { name: 'Sugestões' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mensal', 'Anual']);
    await userEvent.click(within(suggestions).getByRole('button', { name: 'Anual' }));
    expect(onSuggestion).toHaveBeenCalledWith('Anual');
  });

  it('hides the suggestions while the assistant is typing, and disables them while a message is on its way', () => {
    const last = message('bot', 'Qual período?', { suggestions: ['Mensal'] });
    const { rerender } = render(<MessageList messages={[last]} typing draft={null} busy={false} onRate={vi.fn()} onSuggestion={vi.fn()} onOpenPix={vi.fn()} />);
    expect(screen.queryByRole('group', { name: 'Sugestões' })).toBeNull();
    expect(screen.getByTestId('typing-indicator').getAttribute('aria-label')).toBe('O assistente está digitando');
    rerender(<MessageList messages={[last]} typing={false} draft={null} busy onRate={vi.fn()} onSuggestion={vi.fn()} onOpenPix={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Mensal' }).hasAttribute('disabled')).toBe(true);
  });

  it("rates an answer the server has stored, shows the rating pressed, and offers no rating on the assistant's local greeting", async () => {
    const stored = message('bot', 'Resposta', { feedback: 'positive' });
    const { onRate } = renderList({ messages: [message('bot', 'Olá!', { id: 'local-greeting' }), stored] });
    const [greeting, answer] = screen.getAllByTestId('bot-message');
    expect(within(greeting!).queryByRole('group', { name: 'Avaliar resposta' })).toBeNull();
    expect(within(answer!).getByRole('button', { name: 'Resposta útil' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(answer!).getByRole('button', { name: 'Resposta não útil' }));
    expect(onRate).toHaveBeenCalledWith(stored, 'negative');
  });
});
