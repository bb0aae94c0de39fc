// The Showcase bot (README "Showcase bot"): every command answers messages the app's own wire
// checks accept, of the expected types, with the fields src/api/messages.ts documents for each;
// what the webhook answers is what get-messages and the socket give back (every field stored);
// button layouts cover each rule of spec part 1 §5; it confirms the user's answers.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, MediaRef, OutgoingMessage } from '../../src/api/messages';
import { optionLayout, type OptionLayout } from '../../src/domain/option-layout';
import { parseMarkup, type MarkupNode } from '../../src/domain/markup';
import { chatMessageSchema } from '../../src/api/messages';
import { SHOP_BOT_ID, SHOWCASE_BOT_ID } from '../../server/bots/registry';
import { HELP_BASE, SHOWCASE_COMMANDS } from '../../server/bots/showcase';
import { download } from './helpers/media';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let n = 0;
const cid = () => `show-${Date.now()}-${n++}`;
const say = (body: string): OutgoingMessage => ({ type: 'text', text: { body }, client_message_id: cid() });

/** The bot's replies to one message (the webhook answers the user message first). */
async function ask(me: TestSession, message: OutgoingMessage): Promise<ChatMessage[]> {
  const answer = await t.ok('messageWebhookPwa', { botId: SHOWCASE_BOT_ID, messages: [message] }, { session: me });
  expect(answer.messages[0]!.from).toBe('user');
  return answer.messages.slice(1);
}

const command = (me: TestSession, name: string) => ask(me, say(name));

/** The types each command answers, in order. */
const EXPECTED_TYPES: Record<string, string[]> = {
  help: ['text', 'button'],
  text: ['text'],
  markup: ['text'],
  image: ['image', 'image'],
  gif: ['image'],
  audio: ['audio', 'audio'],
  video: ['video'],
  stream: ['video_stream'],
  document: ['document'],
  media: ['media_list'],
  youtube: ['youtube', 'youtube'],
  article: ['article'],
  buttons: ['button'],
  multi: ['multi_select_button', 'multi_select_button'],
  action: ['action'],
  menu: ['persistent_menu'],
  card: ['card'],
  products: ['product_list'],
  catalog: ['catalog_list'],
  cart: ['cart'],
  scorecard: ['scorecard'],
  date: ['rich_input'],
  location: ['rich_input'],
  'location custom': ['rich_input'],
  'location address': ['rich_input'],
  form: ['rich_input', 'form'],
  rate: ['text', 'text'],
  unknown: ['hologram', 'rich_input'],
  long: ['text'],
};
const expectedTypes = (name: string): string[] | undefined => EXPECTED_TYPES[name] ?? (name.startsWith('buttons ') ? ['button'] : undefined);

// ---------- the documented fields of each type (src/api/messages.ts) ----------

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isHttps = (v: unknown) => isText(v) && new URL(v).protocol === 'https:';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function mediaProblems(ref: MediaRef | undefined, where: string, kind?: string): string[] {
  if (!ref) return [`${where}: missing`];
  const out: string[] = [];
  if (!isText(ref.content_type)) out.push(`${where}.content_type`);
  if (kind && !ref.content_type.startsWith(kind)) out.push(`${where}.content_type ${ref.content_type} is not ${kind}`);
  if (ref.media_uuid !== undefined) {
    if (ref.url !== `/api/media/${ref.media_uuid}`) out.push(`${where}.url ${ref.url}`);
    if (!(typeof ref.size === 'number' && ref.size > 0)) out.push(`${where}.size`);
  } else if (!isHttps(ref.url)) out.push(`${where}.url is neither a media path nor https`);
  if (ref.thumbnail !== undefined && !ref.thumbnail.startsWith('data:image/')) out.push(`${where}.thumbnail`);
  return out;
}

function optionProblems(m: ChatMessage): string[] {
  const out: string[] = [];
  if (!Array.isArray(m.buttons) || m.buttons.length === 0) return ['buttons missing'];
  if (new Set(m.buttons.map((b) => b.button_index)).size !== m.buttons.length) out.push('button_index repeats');
  for (const b of m.buttons) {
    if (!isText(b.body) || !Number.isInteger(b.button_index) || b.button_index < 0 || b.button_index > 99) out.push(`bad option ${JSON.stringify(b)}`);
    if (b.icon !== undefined && !existsSync(`public${b.icon}`)) out.push(`icon ${b.icon} is not in public/`);
  }
  if (!isText(m.text?.body)) out.push('prompt text missing');
  return out;
}

/** Why a message lacks the fields its type documents (empty when it has them). */
function shapeProblems(m: ChatMessage): string[] {
  switch (m.type) {
    case 'text': return isText(m.text?.body) ? [] : ['text.body'];
    case 'image': return mediaProblems(m.media, 'media', 'image/');
    case 'audio': return [...mediaProblems(m.media, 'media', 'audio/'), ...(isText(m.media?.name) ? [] : ['media.name'])];
    case 'video': return mediaProblems(m.media, 'media', 'video/');
    case 'video_stream': return mediaProblems(m.media, 'media', 'video/');
    case 'document': return [...mediaProblems(m.media, 'media', 'application/'), ...(isText(m.media?.name) ? [] : ['media.name'])];
    case 'media_list': return Array.isArray(m.media_list) && m.media_list.length > 1 ? m.media_list.flatMap((r, i) => mediaProblems(r, `media_list[${i}]`)) : ['media_list'];
    case 'youtube': return m.youtube && isHttps(m.youtube.url) && /^[\w-]{11}$/.test(m.youtube.video_id) && m.youtube.url.includes(m.youtube.video_id) ? [] : ['youtube'];
    case 'article': return m.article && isText(m.article.title) && isHttps(m.article.url) ? mediaProblems(m.article.image, 'article.image', 'image/') : ['article'];
    case 'button':
    case 'persistent_menu': return optionProblems(m);
    case 'multi_select_button': return [...optionProblems(m), ...(m.multi_select === true ? [] : ['multi_select'])];
    case 'action': {
      if (!Array.isArray(m.actions) || m.actions.length === 0) return ['actions'];
      return m.actions.flatMap((a) => {
        if (!isText(a.body)) return ['action body'];
        switch (a.action.type) {
          case 'website': return isHttps(a.action.value) ? [] : ['website value'];
          case 'email': return /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(a.action.value ?? '') ? [] : ['email value'];
          case 'phone_number': return /^\+\d{8,15}$/.test(a.action.value ?? '') ? [] : ['phone value'];
          case 'view_cart': return a.action.value === undefined ? [] : ['view_cart has a value'];
          default: return ['action type'];
        }
      });
    }
    case 'card': return m.card && m.card.cards.length > 0
      ? m.card.cards.flatMap((c, i) => [...(isText(c.title) ? [] : [`card ${i} title`]), ...(c.image ? mediaProblems(c.image, `card ${i} image`, 'image/') : [])])
      : ['card'];
    case 'product_list': return m.product_list && m.product_list.products.length > 0
      ? m.product_list.products.flatMap((p) => (isText(p.catalog_id) && isText(p.product_id) && isText(p.name) && Number.isInteger(p.price.price) && isText(p.price.currency) ? [] : [`product ${p.product_id}`]))
      : ['product_list'];
    case 'catalog_list': return m.catalog_list && m.catalog_list.catalogs.length > 0 && m.catalog_list.catalogs.every((c) => isText(c.catalog_id) && isText(c.name)) ? [] : ['catalog_list'];
    case 'cart': return m.cart && Number.isInteger(m.cart.item_count) && m.cart.item_count >= 0 && Number.isInteger(m.cart.total.price) && isText(m.cart.total.currency) ? [] : ['cart'];
    case 'scorecard': return m.scorecard && isText(m.scorecard.title) && m.scorecard.score <= m.scorecard.total ? [] : ['scorecard'];
    case 'rich_input': {
      const r = m.rich_input;
      if (!r || !isText(r.type) || !isText(m.text?.body)) return ['rich_input'];
      if (r.type === 'date') return r.config?.min && r.config.max && DATE.test(r.config.min) && DATE.test(r.config.max) && r.config.min < r.config.max ? [] : ['date config'];
      if (r.type === 'form') return r.form && r.form.fields.length > 0 ? [] : ['form'];
      return [];
    }
    case 'form': return m.form && isText(m.form.form_id) && m.form.fields.length > 0 ? [] : ['form'];
    default: return (m.type as string) === 'hologram' ? [] : [`unexpected type ${m.type}`];
  }
}

// ---------- tests ----------

describe('the bot', () => {
  it('is suggested, takes media, and its icon exists', async () => {
    const me = await t.signIn();
    const { bot_list } = await t.ok('getSuggestedList', {}, { session: me });
    const bot = bot_list.find((b) => b.bot_uuid === SHOWCASE_BOT_ID);
    expect(bot).toMatchObject({ name: 'Showcase', icon: '/icons/bots/showcase.svg' });
    expect(existsSync('public/icons/bots/showcase.svg')).toBe(true);
    expect(await t.ok('getConfiguration', { bot_uuid: SHOWCASE_BOT_ID }, { session: me })).toMatchObject({ allow_user_media: true });
  });

  it('welcomes with a greeting and the list of every command (typing stays open)', async () => {
    const me = await t.signIn();
    const { messages } = await t.ok('initiateConversation', { bot_uuid: SHOWCASE_BOT_ID }, { session: me });
    expect(messages.map((m) => m.type)).toEqual(['text', 'button']);
    const list = messages[1]!;
    expect(list.allow_custom_response).toBe(true);
    expect(list.buttons!.map((b) => b.body)).toEqual([...SHOWCASE_COMMANDS]);
    expect(list.buttons!.map((b) => b.button_index)).toEqual(SHOWCASE_COMMANDS.map((_, i) => HELP_BASE + i));
    expect(optionLayout(list.buttons!)).toBe('list');
  });
});

describe('every command', () => {
  it('has a known answer shape', () => {
    for (const name of SHOWCASE_COMMANDS) if (name !== 'all') expect(expectedTypes(name), name).toBeDefined();
  });

  it.each(SHOWCASE_COMMANDS.filter((c) => c !== 'all'))('%s: answers the expected types, each with its documented fields, stored whole', async (name) => {
    const me = await t.signIn();
    const replies = await command(me, name);
    expect(replies.map((m) => m.type)).toEqual(expectedTypes(name));
    for (const m of replies) {
      expect(chatMessageSchema.safeParse(m).error?.issues, JSON.stringify(m).slice(0, 200)).toBeUndefined();
      expect(m.from).toBe('bot');
      expect(m.client_message_id).toBeNull();
      expect(shapeProblems(m), `${name}: ${JSON.stringify(m).slice(0, 300)}`).toEqual([]);
    }
    // get-messages answers the same messages, every field included.
    const { messages } = await t.ok('getMessages', { bot_uuid: SHOWCASE_BOT_ID, direction: 'backward' }, { session: me });
    expect(messages.slice(1)).toEqual(replies);
  });

  it('all: one message of every type in one answer, each well formed', async () => {
    const me = await t.signIn();
    const replies = await command(me, 'all');
    const types = new Set<string>(replies.map((m) => m.type));
    for (const type of ['text', 'image', 'audio', 'video', 'video_stream', 'document', 'media_list', 'youtube', 'article', 'button', 'multi_select_button', 'action',
      'persistent_menu', 'card', 'product_list', 'catalog_list', 'cart', 'scorecard', 'rich_input', 'form', 'hologram']) {
      expect(types.has(type), type).toBe(true);
    }
    for (const m of replies) {
      expect(chatMessageSchema.safeParse(m).error?.issues).toBeUndefined();
      expect(shapeProblems(m), JSON.stringify(m).slice(0, 300)).toEqual([]);
    }
    expect(replies.at(-1)!.type).toBe('text');
  });

  it('takes commands in any case and with extra spaces; answers unknown ones with a pointer to help', async () => {
    const me = await t.signIn();
    const loud = await command(me, '  BUTTONS   2Long ');
    expect(loud.map((m) => m.buttons?.map((b) => b.body))).toEqual([['Yes, book my seat', 'No, maybe later please']]);
    const unknown = await command(me, 'make me a sandwich');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.text!.body).toMatch(/I do not know “make me a sandwich”.*help/);
  });

  it('serves every media file it links to, with the type it declares', async () => {
    const me = await t.signIn();
    const refs = (await command(me, 'all')).flatMap((m) => [m.media, ...(m.media_list ?? []), m.article?.image, ...(m.card?.cards.map((c) => c.image) ?? [])]);
    const local = new Map(refs.filter((r): r is MediaRef => r?.media_uuid !== undefined).map((r) => [r.media_uuid!, r]));
    expect(local.size).toBeGreaterThanOrEqual(6);
    for (const ref of local.values()) {
      const response = await download(t, ref.media_uuid!, { session: me });
      expect(response.status, ref.url).toBe(200);
      expect(response.headers.get('content-type')).toBe(ref.content_type);
      expect((await response.arrayBuffer()).byteLength).toBe(ref.size);
    }
  });

  it('sends the same messages on the socket as the webhook answers', async () => {
    const me = await t.signIn();
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const socket = await openSocket(socket_url);
    try {
      const replies = await command(me, 'card');
      const frame = await socket.next((f) => f.action === 'message-received' && f.body.message.message_id === replies[0]!.message_id);
      if (frame.action === 'message-received') expect(frame.body.message).toEqual(replies[0]);
    } finally {
      socket.close();
    }
  });
});

describe('content rules', () => {
  const layoutOf = async (me: TestSession, name: string): Promise<OptionLayout> => {
    const [m] = await command(me, name);
    return optionLayout(m!.buttons!, m!.type === 'multi_select_button');
  };

  it('button variants show every option-layout case of spec part 1 §5', async () => {
    const me = await t.signIn();
    const expected: Record<string, OptionLayout> = {
      'buttons 1': 'stack', 'buttons 2': 'grid-2', 'buttons 2long': 'stack', 'buttons 3': 'grid-3', 'buttons 5': 'stack',
      'buttons 6': 'grid-2', 'buttons 8': 'list', 'buttons 9': 'grid-3', 'buttons 14': 'list', 'buttons 20': 'list',
      'buttons icons': 'stack', 'buttons icons 8': 'list',
    };
    for (const [name, layout] of Object.entries(expected)) expect(await layoutOf(me, name), name).toBe(layout);
    const counts = { 'buttons 1': 1, 'buttons 2': 2, 'buttons 3': 3, 'buttons 6': 6, 'buttons 8': 8, 'buttons 9': 9, 'buttons 14': 14, 'buttons 20': 20 };
    for (const [name, count] of Object.entries(counts)) expect((await command(me, name))[0]!.buttons, name).toHaveLength(count);
    const [ttl] = await command(me, 'buttons ttl');
    expect(ttl!.ttl).toBe(60);
    const [custom] = await command(me, 'buttons custom');
    expect(custom!.allow_custom_response).toBe(true);
    const multi = await command(me, 'multi');
    expect(multi.map((m) => optionLayout(m.buttons!, true))).toEqual(['grid-2', 'stack']);
  });

  it('markup uses every mark, and its XSS attempts parse to no dangerous link', async () => {
    const me = await t.signIn();
    const [m] = await command(me, 'markup');
    const kinds = new Set<string>();
    const hrefs: string[] = [];
    const walk = (nodes: MarkupNode[]) => {
      for (const node of nodes) {
        kinds.add(node.kind);
        if (node.kind === 'link') hrefs.push(node.href);
        if ('children' in node) walk(node.children);
      }
    };
    walk(parseMarkup(m!.text!.body));
    for (const kind of ['heading', 'bold', 'italic', 'strike', 'code', 'link']) expect(kinds.has(kind), kind).toBe(true);
    expect(m!.text!.body).toMatch(/javascript:alert/);
    expect(m!.text!.body).toMatch(/<img src=x onerror=alert\(1\)>/);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) expect(href, href).toMatch(/^(https:\/\/|mailto:|tel:)/);
  });

  it('long is 3,000 characters; rate asks for thumbs and stars; unknown sends a type nobody knows', async () => {
    const me = await t.signIn();
    expect((await command(me, 'long'))[0]!.text!.body).toHaveLength(3000);
    expect((await command(me, 'rate')).map((m) => m.rating_type)).toEqual(['thumbs', 'stars']);
    const unknown = await command(me, 'unknown');
    expect(unknown.map((m) => m.type)).toEqual(['hologram', 'rich_input']);
    expect(unknown[1]!.rich_input!.type).toBe('hologram');
  });

  it('location requests carry allow_custom and fetch_address; date carries min and max', async () => {
    const me = await t.signIn();
    expect((await command(me, 'location'))[0]!.rich_input).toEqual({ type: 'location' });
    expect((await command(me, 'location custom'))[0]!.rich_input).toEqual({ type: 'location', config: { allow_custom: true } });
    expect((await command(me, 'location address'))[0]!.rich_input).toEqual({ type: 'location', config: { fetch_address: true } });
    expect((await command(me, 'date'))[0]!.rich_input).toEqual({ type: 'date', config: { min: '2000-01-01', max: '2035-12-31' } });
  });

  it('products come from the Showcase\'s own catalogue, with pictures; cart sums the user\'s cart with the Showcase', async () => {
    const me = await t.signIn();
    const [list] = await command(me, 'products');
    expect(list!.product_list!.products[0]).toMatchObject({ catalog_id: 'saathi-grocery', product_id: 'toor-dal-1kg', price: { price: 18_900, currency: 'INR' } });
    for (const p of list!.product_list!.products) expect(p.image?.content_type, p.product_id).toBe('image/png');
    // the catalogue it links to is its own: get-catalog answers it for the Showcase
    const [catalogs] = await command(me, 'catalog');
    const catalogId = catalogs!.catalog_list!.catalogs[0]!.catalog_id;
    expect((await t.ok('getCatalog', { bot_uuid: SHOWCASE_BOT_ID, catalog_uuid: catalogId }, { session: me })).catalog_id).toBe(catalogId);
    const [empty] = await command(me, 'cart');
    expect(empty!.cart).toEqual({ item_count: 0, total: { price: 0, currency: 'INR' } });
    await t.ok('updateCart', { bot_uuid: SHOWCASE_BOT_ID, cart: [
      { catalog_id: 'saathi-grocery', product_id: 'toor-dal-1kg', quantity: 2, customizations: [] },
      { catalog_id: 'saathi-grocery', product_id: 'kaju-katli-box', quantity: 1, customizations: [{ id: 'size', value: 'g500' }] },
    ] }, { session: me });
    // the Saathi Shop's cart is another cart
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: 'saathi-grocery', product_id: 'parle-g-800g', quantity: 1, customizations: [] }] }, { session: me });
    const [full] = await command(me, 'cart');
    // 2 × 189 + (320 + 300) rupees, in paise.
    expect(full!.cart).toEqual({ item_count: 3, total: { price: 2 * 18_900 + 62_000, currency: 'INR' } });
  });
});

describe('answers to the user\'s replies', () => {
  it('a tap on the help list runs that command', async () => {
    const me = await t.signIn();
    const index = HELP_BASE + SHOWCASE_COMMANDS.indexOf('gif');
    const replies = await ask(me, { type: 'button_response', button_index: index, client_message_id: cid() });
    expect(replies.map((m) => m.type)).toEqual(['image']);
    expect(replies[0]!.media!.content_type).toBe('image/gif');
  });

  it('names the option chosen, and says when a ttl question has closed', async () => {
    const me = await t.signIn();
    await command(me, 'buttons 3');
    expect((await ask(me, { type: 'button_response', button_index: 1, client_message_id: cid() }))[0]!.text!.body).toBe('You chose “Green”.');
    await command(me, 'buttons ttl');
    expect((await ask(me, { type: 'button_response', button_index: 0, client_message_id: cid() }))[0]!.text!.body).toBe('You chose “Tea”.');
    t.clock.advance(61_000);
    expect((await ask(me, { type: 'button_response', button_index: 1, client_message_id: cid() }))[0]!.text!.body).toMatch(/closed: “Coffee” came too late/);
  });

  it('takes a typed answer to a question that allows one; other unknown text points to help', async () => {
    const me = await t.signIn();
    await command(me, 'buttons custom');
    expect((await command(me, 'Mumbai'))[0]!.text!.body).toBe('You answered “Mumbai”.');
    expect((await command(me, 'Mumbai'))[0]!.text!.body).toMatch(/I do not know “Mumbai”/);
    await command(me, 'help');
    expect((await command(me, 'Mumbai'))[0]!.text!.body).toMatch(/I do not know “Mumbai”/);
  });

  it('confirms multi-select choices with their custom answer, and menu choices', async () => {
    const me = await t.signIn();
    await command(me, 'multi');
    const multi = await ask(me, { type: 'multi_select_button_response', button_indices: [0, 2], custom_response: 'Rainbows', client_message_id: cid() });
    expect(multi[0]!.text!.body).toBe('You chose “Stars”, “Leaves” and wrote “Rainbows”.');
    // Two pickers are open at once: an answer naming the first (reply_to) gets the first's labels.
    const pickers = await command(me, 'multi');
    const first = await ask(me, { type: 'multi_select_button_response', button_indices: [0, 1], reply_to: pickers[0]!.message_id, client_message_id: cid() });
    expect(first[0]!.text!.body).toBe(`You chose “${pickers[0]!.buttons![0]!.body}”, “${pickers[0]!.buttons![1]!.body}”.`);
    // a reply_to of no picker of this conversation: the labels of the newest picker with the index
    const unknown = await ask(me, { type: 'multi_select_button_response', button_indices: [0], reply_to: '00000000-0000-4000-8000-000000000000', client_message_id: cid() });
    expect(unknown[0]!.text!.body).toBe(`You chose “${pickers[1]!.buttons![0]!.body}”.`);
    await command(me, 'menu');
    const menu = await ask(me, { type: 'persistent_menu_response', button_index: 1, client_message_id: cid() });
    expect(menu[0]!.text!.body).toBe('Menu: you picked “Offers”.');
  });

  it('confirms dates, and says when one is outside the range it asked for', async () => {
    const me = await t.signIn();
    await command(me, 'date');
    expect((await ask(me, { type: 'date', date: { day: 5, month: 3, year: 2024 }, client_message_id: cid() }))[0]!.text!.body).toBe('You picked 5 March 2024.');
    expect((await ask(me, { type: 'date', date: { day: 1, month: 1, year: 1999 }, client_message_id: cid() }))[0]!.text!.body).toMatch(/outside 2000-01-01 to 2035-12-31/);
  });

  it('confirms locations (current and picked, with the address) and forms (by their labels)', async () => {
    const me = await t.signIn();
    const current = await ask(me, { type: 'location', location: { latitude: '17.385', longitude: '78.4867', type: 'CURRENT', timestamp: t.clock.now() }, client_message_id: cid() });
    expect(current[0]!.text!.body).toBe('Got your current position: 17.385, 78.4867.');
    const custom = await ask(me, { type: 'location', location: { latitude: '23.0225', longitude: '72.5714', type: 'CUSTOM', timestamp: t.clock.now(), address: 'Ellis Bridge, Ahmedabad' }, client_message_id: cid() });
    expect(custom[0]!.text!.body).toBe('Got the place you picked: 23.0225, 72.5714, Ellis Bridge, Ahmedabad.');
    const form = await ask(me, { type: 'form_response', form_response: { form_id: 'showcase-contact', values: { name: 'Asha', city: 'Pune' } }, client_message_id: cid() });
    expect(form[0]!.text!.body).toBe('Thanks! “Tell us about you” has:\n*Full name*: Asha\n*City*: Pune');
  });
});
