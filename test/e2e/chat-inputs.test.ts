// Inputs that never trap the user (issue 11), in Debian's Chromium against the real server: a
// timed question that runs out makes the input writable again (at once and after a reload) and
// shows its options expired; two multi-selects in a row are each answerable, an answered one shows
// its answer; a form's numeric limits are checked before sending; an address picked from the
// nearby list goes out with its own coordinates. The bot messages are stored in the user's Echo
// conversation before the thread opens (the Echo bot then answers each reply). SHOTS=dir saves
// screenshots.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { shotIfAsked } from './helpers/browser';
import { openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { storeMessage } from '../../server/bots/store';
import { nearbyAddresses } from '../../server/geo/reverse-geocode';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

const stage = e2eStage();
type Seed = { type: string; payload: Record<string, unknown> };


/** Signs a fresh user in, stores the bot's messages in their Echo conversation, opens it. */
async function threadWith(seeds: Seed[], opts: { locale?: Locale; setup?: (c: BrowserContext) => Promise<void> } = {}): Promise<{ context: BrowserContext; page: Page; userUuid: string; ids: string[] }> {
  const locale = opts.locale ?? 'en';
  const t = texts(locale);
  const { context, page, national } = await openSignedIn(stage.browser, stage.server.url, { locale, ...(opts.setup ? { beforePage: opts.setup } : {}) });
  const [user] = await stage.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile LIKE $1', [`%${national}`]);
  if (!user) throw new Error('no user row');
  const ids: string[] = [];
  for (const s of seeds) {
    const { row } = await stage.server.db.transaction((tx) => storeMessage(tx, { userUuid: user.user_uuid, botUuid: ECHO_BOT_ID, sender: 'bot', type: s.type, payload: s.payload }, Date.now()));
    ids.push(row.message_id);
  }
  await page.getByRole('button', { name: t('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
  return { context, page, userUuid: user.user_uuid, ids };
}

/** The payloads the server stored for the user's messages of a type, oldest first. */
async function storedAnswers(userUuid: string, type: string): Promise<Record<string, unknown>[]> {
  const rows = await stage.server.db.query<{ payload: Record<string, unknown> | string }>(
    "SELECT payload FROM messages WHERE user_uuid = $1 AND sender = 'user' AND type = $2 ORDER BY sk",
    [userUuid, type],
  );
  return rows.map((r) => (typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload));
}

const input = (page: Page) => page.getByRole('textbox', { name: en('chat.input.label') });
const readOnly = (page: Page) => input(page).getAttribute('readonly').then((v) => v !== null);
/** The bot bubble holding a prompt (its options and Send button are inside). */
const question = (page: Page, prompt: string): Locator => page.locator('.message-bubble--bot').filter({ hasText: prompt });

describe('inputs that never trap the user', () => {
  it('a timed question that runs out makes the input writable at once and after a reload; its options show expired', async () => {
    const { context, page } = await threadWith([{
      type: 'button',
      payload: { text: { body: 'Quick: tea or coffee?' }, buttons: [{ body: 'Tea', button_index: 0 }, { body: 'Coffee', button_index: 1 }], ttl: 8 },
    }]);
    const tea = page.getByRole('button', { name: 'Tea', exact: true });
    await tea.waitFor();
    // While the question runs, the bot waits for an option.
    expect(await readOnly(page)).toBe(true);
    expect(await tea.isEnabled()).toBe(true);
    // The ttl passes with the thread open: writable at once (no minute-long wait), options expired.
    await expect.poll(() => readOnly(page), { timeout: 12_000, interval: 250 }).toBe(false);
    await expect.poll(() => tea.isDisabled(), { timeout: 2_000 }).toBe(true);
    await page.getByText(en('chat.options.expired')).waitFor({ timeout: 2_000 });
    await shotIfAsked(page, 'en-ttl-expired');
    // And after a reload.
    await page.reload();
    await tea.waitFor();
    await page.getByText(en('chat.options.expired')).waitFor();
    expect(await readOnly(page)).toBe(false);
    expect(await tea.isDisabled()).toBe(true);
    await sendText(page, 'Too late, tea please');
    await botBubble(page, 'Too late, tea please').waitFor();
    await context.close();
  }, 60_000);

  it('two multi-selects in a row are each answerable; an answered one shows its answer', async () => {
    const { context, page, userUuid, ids } = await threadWith([
      { type: 'multi_select_button', payload: { multi_select: true, text: { body: 'Pick your toppings' }, buttons: [{ body: 'Cheese', button_index: 0 }, { body: 'Olives', button_index: 1 }, { body: 'Onion', button_index: 2 }] } },
      { type: 'multi_select_button', payload: { multi_select: true, text: { body: 'Pick your drinks' }, buttons: [{ body: 'Tea', button_index: 0 }, { body: 'Coffee', button_index: 1 }, { body: 'Juice', button_index: 2 }] } },
    ]);
    const toppings = question(page, 'Pick your toppings');
    const drinks = question(page, 'Pick your drinks');
    const send = (q: Locator) => q.getByRole('button', { name: en('chat.multiSelect.send'), exact: true });
    await drinks.getByRole('button', { name: 'Tea', exact: true }).waitFor();
    // Both pickers are open: the first is not disabled because a second one came after it.
    expect(await toppings.getByRole('button', { name: 'Cheese', exact: true }).isEnabled()).toBe(true);
    expect(await drinks.getByRole('button', { name: 'Tea', exact: true }).isEnabled()).toBe(true);
    expect(await readOnly(page)).toBe(true);
    await toppings.getByRole('button', { name: 'Cheese', exact: true }).click();
    await toppings.getByRole('button', { name: 'Onion', exact: true }).click();
    await send(toppings).click();
    // The answer names the toppings (not the drinks of the newer picker).
    await userBubble(page, 'Cheese, Onion').waitFor();
    await botBubble(page, 'You chose options "Cheese", "Onion"').waitFor();
    expect((await storedAnswers(userUuid, 'multi_select_button_response'))[0]).toMatchObject({ button_indices: [0, 2], reply_to: ids[0] });
    // The toppings show their answer; the drinks are still open.
    await toppings.getByText(en('chat.multiSelect.answered')).waitFor();
    expect(await toppings.getByRole('button', { name: 'Cheese', exact: true }).isDisabled()).toBe(true);
    expect(await toppings.getByRole('button', { name: 'Cheese', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await toppings.getByRole('button', { name: 'Olives', exact: true }).getAttribute('aria-pressed')).toBe('false');
    expect(await send(toppings).count()).toBe(0);
    await shotIfAsked(page, 'en-multi-first-answered');
    await drinks.getByRole('button', { name: 'Coffee', exact: true }).click();
    await send(drinks).click();
    await userBubble(page, 'Coffee').waitFor();
    await botBubble(page, 'You chose options "Coffee"').waitFor();
    await drinks.getByText(en('chat.multiSelect.answered')).waitFor();
    // After a reload both show their answers.
    await page.reload();
    await drinks.getByText(en('chat.multiSelect.answered')).waitFor();
    await toppings.getByText(en('chat.multiSelect.answered')).waitFor();
    expect(await drinks.getByRole('button', { name: 'Coffee', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await readOnly(page)).toBe(false);
    await context.close();
  }, 60_000);

  it('a form checks its numeric limits before sending, with the field’s error text', async () => {
    const form = {
      form_id: 'feedback',
      title: 'Quick feedback',
      fields: [{ id: 'score', label: 'Score from 1 to 10', type: 'number', required: true, min: 1, max: 10 }],
    };
    const { context, page, userUuid } = await threadWith([{ type: 'form', payload: { text: { body: 'How did we do?' }, form } }]);
    await page.getByRole('button', { name: en('chat.richInput.fillForm') }).click();
    const d = page.getByRole('dialog', { name: 'Quick feedback' });
    const score = d.getByLabel('Score from 1 to 10');
    const submit = d.getByRole('button', { name: en('chat.form.submit') });
    await score.fill('11');
    await submit.click();
    await d.getByText(en('chat.form.error.range', { min: 1, max: 10 })).waitFor();
    await shotIfAsked(page, 'en-form-range');
    await score.fill('0');
    await submit.click();
    await d.getByText(en('chat.form.error.range', { min: 1, max: 10 })).waitFor();
    expect(await storedAnswers(userUuid, 'form_response')).toEqual([]);
    await score.fill('10');
    await submit.click();
    await d.waitFor({ state: 'detached' });
    await botBubble(page, 'You filled in 1 fields').waitFor();
    expect(await storedAnswers(userUuid, 'form_response')).toEqual([{ form_response: { form_id: 'feedback', values: { score: '10' } } }]);
    await context.close();
  }, 60_000);

  it('an address picked from the nearby list goes out with its own coordinates', async () => {
    const device = { latitude: 18.52043, longitude: 73.856743 };
    const { context, page, userUuid } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'location', config: { fetch_address: true } } } }], {
      setup: async (c) => {
        await c.grantPermissions(['geolocation'], { origin: stage.server.url });
        await c.setGeolocation(device);
      },
    });
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).click();
    const d = page.getByRole('dialog', { name: en('chat.location.address.title') });
    const picked = nearbyAddresses(device.latitude, device.longitude)[3]!;
    const list = d.getByRole('group', { name: en('chat.location.address.listLabel') });
    await list.getByRole('radio', { name: new RegExp(`^${picked.label}`) }).check();
    // The map shows the chosen place.
    const coords = `${picked.latitude.toFixed(6)}, ${picked.longitude.toFixed(6)}`;
    await d.getByRole('img', { name: en('chat.location.mapLabel', { coordinates: coords }) }).waitFor();
    await shotIfAsked(page, 'en-address-picked');
    await d.getByRole('button', { name: en('chat.location.sharePlace') }).click();
    await botBubble(page, `You shared ${coords}`).waitFor();
    expect((await storedAnswers(userUuid, 'location'))[0]).toMatchObject({
      location: { latitude: picked.latitude.toFixed(6), longitude: picked.longitude.toFixed(6), type: 'CUSTOM', address: picked.label },
    });
    await context.close();
  }, 60_000);

  it('twenty options open in full screen (/list): a search narrows them, a choice answers the bot and returns to the chat; then the list says it is closed', async () => {
    const options = Array.from({ length: 20 }, (_, i) => ({ body: `Choice ${i + 1}`, button_index: i }));
    const { context, page, userUuid } = await threadWith([{ type: 'button', payload: { text: { body: 'Pick a number' }, buttons: options } }]);
    await page.getByRole('link', { name: en('chat.options.searchAll', { count: 20 }) }).waitFor();
    await shotIfAsked(page, 'option-list-link');
    await page.getByRole('link', { name: en('chat.options.searchAll', { count: 20 }) }).click();
    await page.waitForURL(/\/list\?bot=1000000000000001/);
    await page.getByRole('heading', { name: en('optionList.title') }).waitFor();
    await page.getByRole('searchbox', { name: en('optionList.search', { count: 20 }) }).fill('17');
    await page.getByText(en('optionList.count', { shown: 1, count: 20 })).waitFor();
    await shotIfAsked(page, 'option-list');
    await page.getByRole('list', { name: en('optionList.label') }).getByRole('button', { name: 'Choice 17', exact: true }).click();
    await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
    await expect.poll(() => storedAnswers(userUuid, 'button_response'), { timeout: 20_000 }).toEqual([expect.objectContaining({ button_index: 16 })]);
    // answered (and the Echo bot has spoken since): the full-screen list is closed
    await page.goto(`${stage.server.url}/list?bot=${ECHO_BOT_ID}`);
    await page.getByText(en('optionList.closed')).waitFor();
    await page.getByRole('button', { name: en('optionList.backToChat') }).click();
    await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
    await context.close();
  }, 60_000);
});
