// The chat thread as browser tests see it: bubbles by sender and exact text, and sending a text.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { texts } from './messages';

const en = texts('en');

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

function bubble(page: Page, from: 'user' | 'bot', text: string): Locator {
  return page.locator(`.message-bubble--${from}`).filter({ has: page.locator('.message-bubble__text', { hasText: exactly(text) }) });
}

export const userBubble = (page: Page, text: string): Locator => bubble(page, 'user', text);
export const botBubble = (page: Page, text: string): Locator => bubble(page, 'bot', text);

/** Types a text into the thread's input and sends it with Enter; resolves when the input is cleared. */
export async function sendText(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: en('chat.input.label') });
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('');
}
