// Bad bodies of the bot and chat routes: each refused with a 400 that names the field, never a
// 500. (bad-input.test.ts fuzzes every contract route, these included; this adds the cases
// specific to each bot route.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../src/api/contract';
import { API_BASE } from '../../src/api/headers';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
let me: TestSession;
beforeAll(async () => {
  t = await startTestServer();
  me = await t.signIn();
});
afterAll(() => t.close());

const bot = ECHO_BOT_ID;
const text = (extra: Record<string, unknown> = {}) => ({ type: 'text', text: { body: 'hi' }, client_message_id: 'c-1', ...extra });
const badBotIds = [{}, { bot_uuid: null }, { bot_uuid: 1000000000000001 }, { bot_uuid: '123' }, { bot_uuid: '10000000000000011' }, { bot_uuid: 'abcdefghijklmnop' }, { bot_uuid: ` ${bot}` }];

const SPECIFIC: Partial<Record<RouteName, unknown[]>> = {
  getSuggestedList: [{ bot_uuid: bot }],
  initiateConversation: badBotIds,
  subscribeBot: badBotIds,
  getConversationList: [{ limit: 5 }],
  getPinnedConversationList: [{ bot_uuid: bot }],
  getBotUserDetails: badBotIds,
  getConfiguration: badBotIds,
  getMessages: [
    ...badBotIds.map((b) => ({ ...b, direction: 'forward' })),
    { bot_uuid: bot }, { bot_uuid: bot, direction: 'up' }, { bot_uuid: bot, direction: 1 },
    { bot_uuid: bot, direction: 'forward', next_token: 5 }, { bot_uuid: bot, direction: 'forward', next_token: '' },
    { bot_uuid: bot, direction: 'forward', next_token: 'a b' }, { bot_uuid: bot, direction: 'forward', next_token: 'x'.repeat(513) },
  ],
  messageWebhookPwa: [
    { messages: [text()] }, { botId: '12', messages: [text()] }, { bot_uuid: bot, messages: [text()] },
    { botId: bot }, { botId: bot, messages: [] }, { botId: bot, messages: text() }, { botId: bot, messages: Array.from({ length: 21 }, () => text()) },
    { botId: bot, messages: [{ text: { body: 'hi' }, client_message_id: 'a' }] },
    { botId: bot, messages: [text({ type: 'image' })] },
    { botId: bot, messages: [text({ text: { body: '   ' } })] },
    { botId: bot, messages: [text({ text: { body: 'x'.repeat(4097) } })] },
    { botId: bot, messages: [text({ text: 'hi' })] },
    { botId: bot, messages: [text({ client_message_id: undefined })] },
    { botId: bot, messages: [text({ client_message_id: '' })] },
    { botId: bot, messages: [text({ client_message_id: 'has space' })] },
    { botId: bot, messages: [text({ client_message_id: 'x'.repeat(65) })] },
    { botId: bot, messages: [text({ extra: true })] },
    { botId: bot, messages: [{ type: 'button_response', client_message_id: 'a' }] },
    { botId: bot, messages: [{ type: 'button_response', button_index: -1, client_message_id: 'a' }] },
    { botId: bot, messages: [{ type: 'button_response', button_index: 1.5, client_message_id: 'a' }] },
    { botId: bot, messages: [{ type: 'button_response', button_index: '1', client_message_id: 'a' }] },
    { botId: bot, messages: [{ type: 'multi_select_button_response', button_indices: [0], reply_to: 'not-a-message-id', client_message_id: 'a' }] },
    { botId: bot, messages: [{ type: 'multi_select_button_response', button_indices: [0], reply_to: 5, client_message_id: 'a' }] },
  ],
  getCart: [...badBotIds, { bot_uuid: bot, include_product_details: 'true' }, { bot_uuid: bot, include_product_details: 1 }, { bot_uuid: bot, user_uuid: 'x' }],
  updateCart: [
    ...badBotIds.map((b) => ({ ...b, cart: [] })),
    { bot_uuid: bot }, { bot_uuid: bot, cart: null }, { bot_uuid: bot, cart: {} }, { bot_uuid: bot, cart: [1] },
    { bot_uuid: bot, cart: [{ catalog_id: 'c', product_id: 'p', quantity: 0 }] },
    { bot_uuid: bot, cart: [{ catalog_id: 'c', product_id: 'p', quantity: 100 }] },
    { bot_uuid: bot, cart: [{ catalog_id: 'c', product_id: 'p', quantity: 2.5 }] },
    { bot_uuid: bot, cart: [{ catalog_id: 'c', product_id: '', quantity: 1 }] },
    { bot_uuid: bot, cart: [{ catalog_id: 'c', product_id: 'p', quantity: 1, customizations: [{ id: 'x' }] }] },
    { bot_uuid: bot, cart: [{ catalog_id: 'c', product_id: 'p', quantity: 1, customizations: 'size' }] },
    { bot_uuid: bot, cart: Array.from({ length: 101 }, () => ({ catalog_id: 'c', product_id: 'p', quantity: 1 })) },
  ],
};

describe.each(Object.keys(SPECIFIC) as RouteName[])('%s', (name) => {
  it('refuses missing fields, wrong types and bad values with a 400 naming the field', async () => {
    for (const body of SPECIFIC[name] ?? []) {
      const response = await t.fetch(API_BASE + routes[name].path, {
        method: 'POST',
        headers: { ...me.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `${JSON.stringify(body)} → ${text}`).toBe(400);
      const answer = JSON.parse(text) as { message: string };
      expect(answer.message, JSON.stringify(body)).toMatch(/^[a-z_A-Z.0-9]+[: ]/);
      expect(answer.message, JSON.stringify(body)).not.toMatch(/^Body must be/);
    }
  });
});

describe('GET /bot/get-socket-url', () => {
  it('refuses query parameters (400)', async () => {
    const response = await t.fetch(`${API_BASE}${routes.getSocketUrl.path}?ticket=1`, { headers: me.headers });
    expect(response.status).toBe(400);
  });

  it('is GET only (405 for POST)', async () => {
    const response = await t.fetch(`${API_BASE}${routes.getSocketUrl.path}`, { method: 'POST', headers: { ...me.headers, 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(405);
  });
});
