// Answering a bot's input requests in Debian's Chromium against the real server: share the
// device's location (geolocation granted, then denied), pick a place on the custom picker, pick a
// date on the wheels (the sent message is three integers and the bot confirms it), fill in a form
// with its checks; axe on the dialogs and the answered thread. The requests are stored as bot
// messages in the user's Echo conversation before the thread opens (the Echo bot then confirms
// each answer). SHOTS=dir saves screenshots in English and Telugu.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations, shotIfAsked } from './helpers/browser';
import { openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { botBubble } from './helpers/chat';
import { storeMessage } from '../../server/bots/store';
import { nearbyAddresses } from '../../server/geo/reverse-geocode';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

const stage = e2eStage();
type Seed = { type: string; payload: Record<string, unknown> };


/** Signs a fresh user in, stores the bot's requests in their Echo conversation, opens it. */
async function threadWith(seeds: Seed[], opts: { locale?: Locale; setup?: (c: BrowserContext) => Promise<void> } = {}): Promise<{ context: BrowserContext; page: Page; userUuid: string }> {
  const locale = opts.locale ?? 'en';
  const t = texts(locale);
  const { context, page, national: mobile } = await openSignedIn(stage.browser, stage.server.url, { locale, ...(opts.setup ? { beforePage: opts.setup } : {}) });
  const [user] = await stage.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile LIKE $1', [`%${mobile}`]);
  if (!user) throw new Error('no user row');
  for (const s of seeds) {
    await stage.server.db.transaction((tx) => storeMessage(tx, { userUuid: user.user_uuid, botUuid: ECHO_BOT_ID, sender: 'bot', type: s.type, payload: s.payload }, Date.now()));
  }
  await page.getByRole('button', { name: t('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
  return { context, page, userUuid: user.user_uuid };
}

/** The payload the server stored for the user's last message of a type. */
async function storedAnswer(userUuid: string, type: string): Promise<Record<string, unknown> | undefined> {
  const rows = await stage.server.db.query<{ payload: Record<string, unknown> | string }>(
    "SELECT payload FROM messages WHERE user_uuid = $1 AND sender = 'user' AND type = $2 ORDER BY sk DESC LIMIT 1",
    [userUuid, type],
  );
  const p = rows[0]?.payload;
  return typeof p === 'string' ? (JSON.parse(p) as Record<string, unknown>) : p;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

describe('location and date replies', () => {
  it('shares the device position at once when geolocation is granted; the map bubble and the bot confirm it', async () => {
    const { context, page, userUuid } = await threadWith(
      [{ type: 'rich_input', payload: { text: { body: 'Where should we deliver?' }, rich_input: { type: 'location' } } }],
      { setup: async (c) => {
        await c.grantPermissions(['geolocation'], { origin: stage.server.url });
        await c.setGeolocation({ latitude: 17.385044, longitude: 78.486671 });
      } },
    );
    const share = page.getByRole('button', { name: en('chat.richInput.shareLocation') });
    await share.click();
    await botBubble(page, 'You shared 17.385044, 78.486671').waitFor();
    await page.getByRole('img', { name: en('chat.location.mapLabel', { coordinates: '17.385044, 78.486671' }) }).waitFor();
    expect(await storedAnswer(userUuid, 'location')).toMatchObject({ location: { latitude: '17.385044', longitude: '78.486671', type: 'CURRENT' } });
    // Answered: the request's button is gone, 'Answered' in its place.
    await page.getByRole('button', { name: en('chat.richInput.answered') }).waitFor();
    expect(await share.count()).toBe(0);
    await shotIfAsked(page, 'en-location-sent');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await context.close();
  });

  it('denied: the permission dialog asks, the browser refuses, the denied text, the browser’s message and the notice show', async () => {
    const { context, page } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'location' } } }]);
    await page.getByText(en('chat.richInput.locationPrompt')).waitFor();
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).click();
    const prompt = dialog(page, en('chat.location.permission.title'));
    await prompt.getByText(en('chat.location.permission.ask')).waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await shotIfAsked(page, 'en-location-permission-ask');
    await prompt.getByRole('button', { name: en('chat.location.permission.allow') }).click();
    await prompt.getByText(en('error.location.promptDenied')).waitFor();
    await prompt.getByText(/^Your browser said: .+/).waitFor();
    await page.getByRole('status').getByText(en('error.location.permissionDenied')).waitFor();
    await shotIfAsked(page, 'en-location-permission-denied');
    // The notice hides after about a second.
    await page.getByRole('status').getByText(en('error.location.permissionDenied')).waitFor({ state: 'detached', timeout: 5000 });
    await prompt.getByRole('button', { name: en('common.close') }).click();
    await prompt.waitFor({ state: 'detached' });
    // Nothing was sent; the request stays open.
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).waitFor();
    expect(await page.locator('.message-bubble--user').count()).toBe(0);
    await context.close();
  });

  it('a second tap while the position is being fetched only shows the please-wait notice', async () => {
    const { context, page } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'location' } } }], {
      setup: async (c) => {
        // A device that never answers: permission granted, the position request stays open.
        await c.addInitScript(() => {
          const geo = { getCurrentPosition: () => undefined, watchPosition: () => 0, clearWatch: () => undefined };
          Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => geo });
          Object.defineProperty(Navigator.prototype, 'permissions', { get: () => ({ query: async () => ({ state: 'granted' }) }) });
        });
      },
    });
    const share = page.getByRole('button', { name: en('chat.richInput.shareLocation') });
    await share.click();
    await page.getByRole('status').getByText(en('notice.location.fetching'), { exact: true }).waitFor();
    await share.click();
    await page.getByRole('status').getByText(en('notice.location.pleaseWait')).waitFor();
    await shotIfAsked(page, 'en-location-please-wait');
    await page.getByRole('status').getByText(en('notice.location.pleaseWait')).waitFor({ state: 'detached', timeout: 5000 });
    expect(await page.locator('.message-bubble--user').count()).toBe(0);
    await context.close();
  });

  it('a browser without geolocation gets the unsupported dialog', async () => {
    const { context, page } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'location' } } }], {
      setup: async (c) => {
        await c.addInitScript(() => Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => undefined }));
      },
    });
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).click();
    const d = dialog(page, en('chat.location.unsupported.title'));
    await d.getByText(en('error.location.promptUnsupported')).waitFor();
    await shotIfAsked(page, 'en-location-unsupported');
    await d.getByRole('button', { name: en('common.close') }).click();
    await d.waitFor({ state: 'detached' });
    await context.close();
  });

  it('fetch_address with permission granted: the address picker lists nearby addresses; the chosen address goes out with its own coordinates', async () => {
    const { context, page, userUuid } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'location', config: { fetch_address: true } } } }], {
      setup: async (c) => {
        await c.grantPermissions(['geolocation'], { origin: stage.server.url });
        await c.setGeolocation({ latitude: 18.52043, longitude: 73.856743 });
      },
    });
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).click();
    const d = dialog(page, en('chat.location.address.title'));
    await d.getByRole('img', { name: en('chat.location.mapLabel', { coordinates: '18.520430, 73.856743' }) }).waitFor();
    // The nearby addresses (nearest first, the nearest chosen); the user picks the third.
    const expected = nearbyAddresses(18.52043, 73.856743);
    const list = d.getByRole('group', { name: en('chat.location.address.listLabel') });
    await list.getByRole('radio').first().waitFor();
    expect(await list.getByRole('radio').count()).toBe(expected.length);
    expect(await list.getByRole('radio', { name: new RegExp(`^${expected[0]!.label}`) }).isChecked()).toBe(true);
    await list.getByRole('radio', { name: new RegExp(`^${expected[2]!.label}`) }).check();
    await shotIfAsked(page, 'en-location-address-picker');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await d.getByRole('button', { name: en('chat.location.sharePlace') }).click();
    // the picked address is a place away from the device (CUSTOM), sent where it is
    const [lat, lng] = [expected[2]!.latitude.toFixed(6), expected[2]!.longitude.toFixed(6)];
    await botBubble(page, `You shared ${lat}, ${lng}`).waitFor();
    expect(await storedAnswer(userUuid, 'location')).toMatchObject({ location: { latitude: lat, longitude: lng, type: 'CUSTOM', address: expected[2]!.label } });
    await page.locator('.location-message').getByText(expected[2]!.label).waitFor();
    await shotIfAsked(page, 'en-location-address-sent');
    await context.close();
  });

  it('custom picker with permission granted starts at the device and recentres on it', async () => {
    const { context, page } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'location', config: { allow_custom: true } } } }], {
      setup: async (c) => {
        await c.grantPermissions(['geolocation'], { origin: stage.server.url });
        await c.setGeolocation({ latitude: 17.385044, longitude: 78.486671 });
      },
    });
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).click();
    const picker = dialog(page, en('chat.location.custom.title'));
    const caption = picker.locator('.map-widget__caption');
    await expect.poll(() => caption.textContent()).toBe('17.385044, 78.486671');
    const map = picker.getByRole('application');
    // A tap away from the centre brings that point under the pin.
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2);
    await expect.poll(() => caption.textContent()).not.toBe('17.385044, 78.486671');
    await picker.getByRole('button', { name: en('chat.location.recentre') }).click();
    await expect.poll(() => caption.textContent()).toBe('17.385044, 78.486671');
    await context.close();
  });

  it('custom picker: the pin moves with the arrow keys and the chosen place goes out as CUSTOM', async () => {
    const { context, page, userUuid } = await threadWith([{ type: 'rich_input', payload: { text: { body: 'Pick the meeting point' }, rich_input: { type: 'location', config: { allow_custom: true } } } }]);
    await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).click();
    const picker = dialog(page, en('chat.location.custom.title'));
    const map = picker.getByRole('application');
    await map.waitFor();
    const before = await picker.locator('.map-widget__caption').textContent();
    await map.focus();
    await map.press('ArrowRight');
    await map.press('ArrowUp');
    await expect.poll(() => picker.locator('.map-widget__caption').textContent()).not.toBe(before);
    await shotIfAsked(page, 'en-location-custom-picker');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await picker.getByRole('button', { name: en('chat.location.sharePlace') }).click();
    await expect.poll(() => storedAnswer(userUuid, 'location')).toMatchObject({ location: { type: 'CUSTOM' } });
    const stored = (await storedAnswer(userUuid, 'location'))!.location as { latitude: string; longitude: string };
    // 16 px east and north of the centre of India at zoom 18: a few metres, as text with 6 decimals.
    expect(Number(stored.latitude)).toBeGreaterThan(20.5937);
    expect(Number(stored.longitude)).toBeGreaterThan(78.9629);
    expect(stored.latitude).toMatch(/^\d+\.\d{6}$/);
    await context.close();
  });

  it('picks a date on the wheels (keyboard and arrow buttons); the answer is three integers and the bot confirms it', async () => {
    const { context, page, userUuid } = await threadWith([{ type: 'rich_input', payload: { text: { body: 'When would you like to visit?' }, rich_input: { type: 'date', config: { min: '2020-01-01', max: '2030-12-31' } } } }]);
    await page.getByRole('button', { name: en('chat.richInput.pickDate') }).click();
    const picker = dialog(page, en('chat.datePicker.title'));
    const year = picker.getByRole('listbox', { name: en('chat.datePicker.year') });
    const month = picker.getByRole('listbox', { name: en('chat.datePicker.month') });
    const day = picker.getByRole('listbox', { name: en('chat.datePicker.day') });
    await year.waitFor();
    // Arrows only on non-mobile widths.
    const yearLater = picker.getByRole('button', { name: en('chat.datePicker.next', { field: en('chat.datePicker.year') }) });
    expect(await yearLater.isVisible()).toBe(false);
    await shotIfAsked(page, 'en-date-picker');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    // Scrolling a wheel settles on the item in the band: three rows down is three years later.
    const startYear = Number(await year.getByRole('option', { selected: true }).textContent());
    await year.evaluate((el) => el.scrollBy({ top: 3 * 40 }));
    await expect.poll(() => year.getByRole('option', { selected: true }).textContent()).toBe(String(startYear + 3));
    await year.press('Home');
    await month.press('Home');
    await day.press('End');
    await expect.poll(() => day.getByRole('option', { selected: true }).textContent()).toBe('31');
    await expect.poll(() => month.getByRole('option', { selected: true }).textContent()).toBe('January');
    await expect.poll(() => year.getByRole('option', { selected: true }).textContent()).toBe('2020');
    await page.setViewportSize({ width: 1024, height: 800 });
    await yearLater.waitFor({ state: 'visible' });
    await yearLater.click();
    await expect.poll(() => year.getByRole('option', { selected: true }).textContent()).toBe('2021');
    await day.press('ArrowUp');
    await expect.poll(() => day.getByRole('option', { selected: true }).textContent()).toBe('30');
    // Holding 'Month: later': one step at once, repeats start after 500 ms, then every 300 ms, so
    // the third step (March) cannot come before 800 ms; release stops it.
    const monthLater = picker.getByRole('button', { name: en('chat.datePicker.next', { field: en('chat.datePicker.month') }) });
    const box = (await monthLater.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const pressedAt = Date.now();
    await page.mouse.down();
    await expect.poll(() => month.getByRole('option', { selected: true }).textContent()).toBe('February');
    await expect.poll(() => month.getByRole('option', { selected: true }).textContent(), { timeout: 5000 }).toBe('March');
    await page.mouse.up();
    expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(800);
    const afterRelease = await month.getByRole('option', { selected: true }).textContent();
    expect(['March', 'April']).toContain(afterRelease);
    await monthLater.press('Enter');
    await expect.poll(() => month.getByRole('option', { selected: true }).textContent()).toBe(afterRelease === 'March' ? 'April' : 'May');
    // Passing through February cut the day to 28 (2021 is not a leap year); back to 30 January.
    await expect.poll(() => day.getByRole('option', { selected: true }).textContent()).toBe('28');
    await month.press('Home');
    await expect.poll(() => month.getByRole('option', { selected: true }).textContent()).toBe('January');
    await day.press('ArrowDown');
    await day.press('ArrowDown');
    await expect.poll(() => day.getByRole('option', { selected: true }).textContent()).toBe('30');
    await page.setViewportSize({ width: 390, height: 844 });
    await picker.getByRole('button', { name: en('chat.datePicker.confirm') }).click();
    await botBubble(page, 'You picked 30/1/2021').waitFor();
    await page.locator('.message-bubble--user time[datetime="2021-01-30"]').getByText('30 January 2021').waitFor();
    const stored = await storedAnswer(userUuid, 'date');
    expect(stored).toEqual({ date: { day: 30, month: 1, year: 2021 } });
    await page.getByRole('button', { name: en('chat.richInput.answered') }).waitFor();
    await shotIfAsked(page, 'en-date-sent');
    await context.close();
  });

  it('offline: a date answer waits in the outbox, the request is answered at once, and it is delivered when the network returns', async () => {
    const { context, page, userUuid } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'date', config: { min: '1990-05-01', max: '1990-05-31' } } } }]);
    await page.getByRole('button', { name: en('chat.richInput.pickDate') }).waitFor();
    await context.setOffline(true);
    await page.getByText(en('chat.offline')).waitFor();
    await page.getByRole('button', { name: en('chat.richInput.pickDate') }).click();
    const picker = dialog(page, en('chat.datePicker.title'));
    // Today is outside the request's range: the range's midpoint first.
    await picker.getByText('16 May 1990').waitFor();
    await picker.getByRole('button', { name: en('chat.datePicker.confirm') }).click();
    const mine = page.locator('.message-bubble--user').filter({ hasText: '16 May 1990' });
    await mine.getByRole('img', { name: en('chat.status.pending') }).waitFor();
    await page.getByRole('button', { name: en('chat.richInput.answered') }).waitFor();
    expect(await storedAnswer(userUuid, 'date')).toBeUndefined();
    await context.setOffline(false);
    await botBubble(page, 'You picked 16/5/1990').waitFor();
    expect(await storedAnswer(userUuid, 'date')).toEqual({ date: { day: 16, month: 5, year: 1990 } });
    await context.close();
  });

  it('fills in a form: required and e-mail checks, then a form_response the bot confirms and the bubble lists', async () => {
    const form = {
      form_id: 'signup',
      title: 'Join the club',
      fields: [
        { id: 'name', label: 'Full name', type: 'text', required: true, max_length: 30 },
        { id: 'mail', label: 'E-mail', type: 'email', required: true },
        { id: 'size', label: 'T-shirt size', type: 'select', options: ['S', 'M', 'L'] },
      ],
    };
    const { context, page, userUuid } = await threadWith([{ type: 'rich_input', payload: { rich_input: { type: 'form', form } } }]);
    await page.getByRole('button', { name: en('chat.richInput.fillForm') }).click();
    const d = dialog(page, 'Join the club');
    await d.getByRole('button', { name: en('chat.form.submit') }).click();
    await expect.poll(() => d.getByText(en('chat.form.error.required')).count()).toBe(2);
    await d.getByLabel('Full name').fill('Asha Rao');
    await d.getByLabel('E-mail').fill('asha@');
    await d.getByLabel('E-mail').blur();
    await d.getByText(en('chat.form.error.email')).waitFor();
    await shotIfAsked(page, 'en-form-errors');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await d.getByLabel('E-mail').fill('asha@example.in');
    await d.getByLabel(en('chat.form.optional', { label: 'T-shirt size' })).selectOption('M');
    await d.getByRole('button', { name: en('chat.form.submit') }).click();
    await d.waitFor({ state: 'detached' });
    await botBubble(page, 'You filled in 3 fields').waitFor();
    expect(await storedAnswer(userUuid, 'form_response')).toEqual({ form_response: { form_id: 'signup', values: { name: 'Asha Rao', mail: 'asha@example.in', size: 'M' } } });
    const answer = page.locator('.message-bubble--user .form-response');
    await answer.getByText('Join the club').waitFor();
    await answer.getByText('asha@example.in').waitFor();
    await shotIfAsked(page, 'en-form-sent');
    await context.close();
  });

  it('two forms in a row are each answerable; a form message makes the input read-only; an unknown request type says not supported', async () => {
    const contact = { form_id: 'contact', title: 'Contact details', fields: [{ id: 'name', label: 'Name', type: 'text', required: true }] };
    const feedback = { form_id: 'feedback', title: 'Quick feedback', fields: [{ id: 'liked', label: 'What did you like?', type: 'text', required: true }] };
    const { context, page, userUuid } = await threadWith([
      { type: 'rich_input', payload: { text: { body: 'A request of an unknown kind.' }, rich_input: { type: 'hologram' } } },
      { type: 'rich_input', payload: { text: { body: 'Please fill in this form.' }, rich_input: { type: 'form', form: contact } } },
      { type: 'form', payload: { text: { body: 'And a short feedback form.' }, form: feedback } },
    ]);
    await page.locator('.message-bubble--notice').first().waitFor();
    expect(await page.locator('.message-bubble--notice').textContent()).toContain('not supported');
    const fill = page.getByRole('button', { name: en('chat.richInput.fillForm') });
    await expect.poll(() => fill.count()).toBe(2);
    expect(await page.getByRole('textbox', { name: en('chat.input.label') }).getAttribute('readonly')).not.toBeNull();
    await fill.first().click();
    const d = dialog(page, 'Contact details');
    await d.getByLabel('Name').fill('Asha');
    await d.getByRole('button', { name: en('chat.form.submit') }).click();
    await botBubble(page, 'You filled in 1 fields').waitFor();
    // The feedback form is still open after the contact form was answered.
    await expect.poll(() => fill.count()).toBe(1);
    await fill.click();
    const f = dialog(page, 'Quick feedback');
    await f.getByLabel('What did you like?').fill('The wheels');
    await f.getByRole('button', { name: en('chat.form.submit') }).click();
    await expect.poll(() => fill.count()).toBe(0);
    await expect.poll(() => storedAnswer(userUuid, 'form_response')).toEqual({ form_response: { form_id: 'feedback', values: { liked: 'The wheels' } } });
    await context.close();
  });

  it('in Telugu: the prompt, the wheels with Telugu month names, the date answer in Telugu', async () => {
    const te = texts('te');
    const { context, page } = await threadWith(
      [
        { type: 'rich_input', payload: { rich_input: { type: 'date' } } },
      ],
      { locale: 'te', setup: async (c) => {
        await c.grantPermissions(['geolocation'], { origin: stage.server.url });
        await c.setGeolocation({ latitude: 17.385044, longitude: 78.486671 });
      } },
    );
    await page.getByRole('button', { name: te('chat.richInput.pickDate') }).click();
    const picker = dialog(page, te('chat.datePicker.title'));
    const month = picker.getByRole('listbox', { name: te('chat.datePicker.month') });
    await month.getByRole('option', { name: 'జనవరి' }).waitFor({ state: 'attached' });
    await month.press('Home');
    await expect.poll(() => month.getByRole('option', { selected: true }).textContent()).toBe('జనవరి');
    await shotIfAsked(page, 'te-date-picker');
    await dialog(page, te('chat.datePicker.title')).getByRole('button', { name: te('chat.datePicker.confirm') }).click();
    await page.getByRole('button', { name: te('chat.richInput.answered') }).waitFor();
    await page.locator('.message-bubble--user time').getByText(/జనవరి/).waitFor();
    await shotIfAsked(page, 'te-date-sent');
    await context.close();
  });
});
