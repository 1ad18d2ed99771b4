import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from './composer';

const user = userEvent.setup({ delay: null });

function renderComposer(props: Partial<ComposerProps> = {}) {
  const handlers = { onSend: vi.fn(), onImage: vi.fn(), onAudio: vi.fn() };
  const view = render(<Composer disabled={false} {...handlers} {...props} />);
  const rerender = (next: Partial<ComposerProps>) => view.rerender(<Composer disabled={false} {...handlers} {...next} />);
  return { ...handlers, rerender, field: () => screen.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement };
}

describe("the chat's message field", () => {
  it('sends with Enter and empties the field; Shift+Enter breaks the line; blank text is never sent', async () => {
    const { field, onSend } = renderComposer();
    const send = screen.getByRole('button', { name: 'Enviar mensagem' });
    await user.type(field(), '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();

    await user.clear(field());
    await user.type(field(), 'quanto custa{Shift>}{Enter}{/Shift}o premium?');
    expect(field().value).toBe('quanto custa\no premium?');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('quanto custa\no premium?'));
    expect(field().value).toBe('');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('keeps a message sent while the chat is busy, and sends it (with what was typed since) once the chat can take it', async () => {
    // The message's schema already loaded (as after a first focus), so a send that was not held would be done at once.
    await import('@vitrine/domain/chat');
    const { field, onSend, rerender } = renderComposer({ disabled: true });
    await user.type(field(), 'oi');
    await user.keyboard('{Enter}');
    await user.type(field(), ', tudo bem?');
    // Held: still in the field, not sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([onSend.mock.calls.length, field().value]).toEqual([0, 'oi, tudo bem?']);

    rerender({ disabled: false });
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('oi, tudo bem?'));
    expect(field().value).toBe('');
  });
});
