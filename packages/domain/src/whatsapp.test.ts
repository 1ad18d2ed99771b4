import { describe, expect, it } from 'vitest';
import { answerParts, inboundText, PIX_QR_CAPTION, readWebhook, truncateText, WHATSAPP_LIMITS, whatsappText, whatsappWebhookSchema } from './whatsapp.ts';

describe('what the assistant sends on WhatsApp', () => {
  it("writes the chat's Markdown as WhatsApp formats it", () => {
    expect(whatsappText('O plano **Premium** custa R$ 40,00.\n## Detalhes\nVeja [a página](https://loja.example/planos).')).toBe(
      'O plano *Premium* custa R$ 40,00.\nDetalhes\nVeja a página: https://loja.example/planos.',
    );
  });

  it('cuts text to a limit with an ellipsis, whole characters only', () => {
    expect(truncateText('Falar com um humano agora', 20)).toBe('Falar com um humano…');
    expect(truncateText('Anual', 20)).toBe('Anual');
    expect(Array.from(truncateText('😀'.repeat(30), 20))).toHaveLength(20);
  });

  it('up to three choices are reply buttons carrying the answer; their titles fit in 20 characters and their ids keep the whole choice', () => {
    const parts = answerParts({ content: 'Ótima escolha!', suggestions: ['Pagar com PIX', 'Falar com um atendente humano'] });
    expect(parts).toHaveLength(1);
    expect(parts[0]).toEqual({
      kind: 'choices',
      content: {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Ótima escolha!' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'Pagar com PIX', title: 'Pagar com PIX' } },
              { type: 'reply', reply: { id: 'Falar com um atendente humano', title: 'Falar com um atende…' } },
            ],
          },
        },
      },
    });
  });

  it('more than three choices are a list of at most ten rows; a PIX code goes alone, then its QR code as an image', () => {
    const suggestions = Array.from({ length: 12 }, (_, index) => `Opção número ${index + 1} com um nome comprido`);
    const parts = answerParts({ content: 'Escolha:', suggestions, pixCode: '000201…6304ABCD' });
    expect(parts.map((part) => part.kind)).toEqual(['choices', 'pix_code', 'pix_qr']);
    const list = parts[0]!.content;
    if (list.type !== 'interactive' || list.interactive.type !== 'list') throw new Error('esperava uma lista');
    const rows = list.interactive.action.sections[0]!.rows;
    expect(rows).toHaveLength(WHATSAPP_LIMITS.listRows);
    for (const row of rows) {
      expect(row.title.length).toBeLessThanOrEqual(WHATSAPP_LIMITS.listRowTitle);
      expect(row.description).toBe(row.id);
    }
    expect(new Set(rows.map((row) => row.title)).size).toBe(rows.length);
    expect(parts[1]!.content).toEqual({ type: 'text', text: { body: '000201…6304ABCD' } });
    expect(parts[2]).toEqual({
      kind: 'pix_qr',
      content: { type: 'image', image: { caption: PIX_QR_CAPTION } },
      media: { kind: 'pix_qr', code: '000201…6304ABCD' },
    });
  });

  it('a long answer is split into texts WhatsApp accepts, and its choices follow with a short prompt', () => {
    const paragraph = `${'palavra '.repeat(120).trim()}\n\n`;
    const parts = answerParts({ content: paragraph.repeat(10), suggestions: ['Sim', 'Não'] });
    const texts = parts.filter((part) => part.kind === 'text');
    expect(texts.length).toBeGreaterThan(1);
    for (const part of texts) if (part.content.type === 'text') expect(part.content.text.body.length).toBeLessThanOrEqual(WHATSAPP_LIMITS.textBody);
    const choices = parts.at(-1)!.content;
    if (choices.type !== 'interactive') throw new Error('esperava botões');
    expect(choices.interactive.body.text.length).toBeLessThanOrEqual(WHATSAPP_LIMITS.interactiveBody);
  });
});

describe("what Meta's webhook delivers", () => {
  const body = whatsappWebhookSchema.parse({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              metadata: { phone_number_id: '111' },
              contacts: [{ wa_id: '5511987654321', profile: { name: 'Maria' } }],
              messages: [
                { from: '5511987654321', id: 'a', type: 'text', text: { body: ' oi ' } },
                { from: '5511987654321', id: 'b', type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'Anual', title: 'Anual' } } },
                { from: '5511987654321', id: 'c', type: 'image', image: { id: 'm' } },
              ],
              statuses: [
                { id: 'wamid.1', status: 'delivered' },
                { id: 'wamid.2', status: 'deleted' },
              ],
            },
          },
          {
            field: 'messages',
            value: { metadata: { phone_number_id: '222' }, messages: [{ from: '5511900000000', id: 'd', type: 'text', text: { body: 'x' } }] },
          },
        ],
      },
    ],
  });

  it('reads the messages and statuses meant for this number, each message as text where it has one, an image or voice note by its media id', () => {
    const { messages, statuses } = readWebhook(body, '111');
    expect(messages).toEqual([
      { id: 'a', waId: '5511987654321', profileName: 'Maria', type: 'text', text: 'oi', media: null },
      { id: 'b', waId: '5511987654321', profileName: 'Maria', type: 'interactive', text: 'Anual', media: null },
      { id: 'c', waId: '5511987654321', profileName: 'Maria', type: 'image', text: null, media: { kind: 'image', id: 'm', mimeType: null } },
    ]);
    expect(statuses).toEqual([{ messageId: 'wamid.1', state: 'delivered', error: null }]);
    expect(inboundText({ id: 'x', from: '1', type: 'button', button: { text: 'Sim' } })).toBe('Sim');
  });

  it('refuses bodies beyond its bounds', () => {
    const many = { object: 'whatsapp_business_account', entry: Array.from({ length: 101 }, () => ({ changes: [] })) };
    expect(whatsappWebhookSchema.safeParse(many).success).toBe(false);
  });
});
