// The chat as a visitor uses it in the browser suites: open it, ask, and read the assistant's answers.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Answers come after the specification's delay (1.5 s) and the server's work: `ask` polls for them this long. */
export const ANSWER_TIMEOUT_MS = 20_000;

export const botMessages = (page: Page) => page.getByTestId('bot-message');

/** The text of the assistant's last message ('' when it has none). */
export const lastBotText = async (page: Page) => (await botMessages(page).last().getByTestId('message-content').textContent()) ?? '';

/** The chat's shortcut buttons ('Pagar com PIX', the shop's webhook shortcuts...). */
export const shortcutBar = (page: Page) => page.getByRole('group', { name: 'Atalhos' });

/** Opens the chat (a storefront button's '/chat?intent=…' too) and waits for the assistant's first message. */
export async function openChat(page: Page, path = '/chat') {
  await page.goto(path);
  await botMessages(page).first().waitFor();
}

/** Types a question, sends it with Enter, waits for the answer that follows and returns its text. */
export async function ask(page: Page, text: string) {
  const before = await botMessages(page).count();
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => botMessages(page).count(), { timeout: ANSWER_TIMEOUT_MS }).toBe(before + 1);
  return lastBotText(page);
}

/** What the e2e visitors answer to the assistant's question for a name and a contact. */
export const CONTACT_ANSWER = 'Maria Silva, maria@exemplo.com';

/**
 * Answers, by typing, the assistant's question for a name and a contact (asked once per visitor, before the
 * first PIX) and returns the answer: the PIX that was about to be offered.
 */
export async function giveContact(page: Page, text = CONTACT_ANSWER) {
  await expect.poll(() => lastBotText(page), { timeout: ANSWER_TIMEOUT_MS }).toContain('para entregarmos seu acesso');
  return ask(page, text);
}
