// The Showcase bot: sends every message type and input request of spec part 1 §3 on command, so
// the app's rendering of each can be seen and tested (README "Showcase bot" lists the commands).
// Commands are typed (any case, extra spaces ignored) or picked from the help list. It confirms
// what the user answers: button, menu and multi-select choices, dates, locations, forms, media.
//
// Only type imports from ./registry (which lists this bot): the shop modules, which import the
// registry, are loaded when first needed, so no module cycle is evaluated half-way.
import type {
  ActionButton, ButtonOption, DateValue, FormSpec, MediaRef, Money, OutgoingMessage, ProductItem, RichInputRequest,
} from '../../src/api/messages';
import { formatFileSize } from '../../src/domain/media-titles';
import { botMediaRef } from '../media/bot-media';
import { DEMO_YOUTUBE, youtubeUrl } from '../media/link-title';
import type { BotAnswer, BotContext, BotDefinition, BotReply } from './registry';

export const SHOWCASE_BOT_ID = '1000000000000004';
const SHOP_BOT_ID = '1000000000000003';

/** Options of the help list carry button_index HELP_BASE + the command's place, so a tap runs it. */
export const HELP_BASE = 50;

// ---------- building blocks ----------

const text = (body: string, extra: Partial<BotReply> = {}): BotReply => ({ type: 'text', text: { body }, ...extra });

const options = (labels: readonly string[], icons?: readonly string[]): ButtonOption[] =>
  labels.map((body, i) => ({ body, button_index: i, ...(icons?.[i] !== undefined ? { icon: icons[i] } : {}) }));

const buttons = (prompt: string, labels: readonly string[], extra: Partial<BotReply> = {}): BotReply =>
  ({ type: 'button', text: { body: prompt }, buttons: options(labels), ...extra });

const ICON_NAMES = ['star', 'heart', 'leaf', 'sun', 'moon', 'bolt', 'drop', 'bell'] as const;
const icon = (i: number) => `/icons/showcase/${ICON_NAMES[i % ICON_NAMES.length]}.svg`;

const media = (type: 'image' | 'audio' | 'video' | 'document', ref: MediaRef): BotReply => ({ type, media: ref });

const STREAM: MediaRef = {
  url: 'https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4',
  content_type: 'video/mp4',
  name: 'Big Buck Bunny (320x180)',
  caption: 'Big Buck Bunny, streamed from the Blender Foundation (needs the internet)',
  width: 320,
  height: 180,
  duration: 596,
};

const MARKUP = [
  '# Text markup',
  '*Bold*, _italic_, ~strikethrough~ and ```inline code```.',
  '*Bold with _italic_ inside* and _italic with *bold* inside_.',
  'Links: https://example.com/docs, [a named link](https://example.com/guide), mailto:help@example.com and tel:+919876543210.',
  '```',
  'const greeting = "code block";',
  '```',
  'These must show as plain, harmless text:',
  '[click me](javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '<script>alert("xss")</script>',
  '[data link](data:text/html,<script>alert(1)</script>)',
  'javascript:alert(document.cookie)',
  '[quoted](https://example.com" onmouseover="alert(1))',
  '<a href="javascript:alert(1)">an anchor</a>',
].join('\n');

const LONG_SENTENCES = [
  'This is a long message of exactly three thousand characters, sent to show how the app wraps, folds and scrolls a big block of text.',
  'Offline-first means that everything you see here is stored on your device, so it opens at once, even with no network at all.',
  'When the network comes back, the app sends what waited in its outbox, in order and exactly once, and fetches what it missed.',
  'Bots can send text, pictures, audio, video, documents, buttons, menus, cards, products, forms and requests for a date or a place.',
  'Each of them has its own look, and each must stay readable in English, Hindi, Gujarati, Marathi and Telugu, on small screens too.',
];

function longText(): string {
  let out = '';
  for (let i = 0; out.length < 3000; i++) out += `${LONG_SENTENCES[i % LONG_SENTENCES.length]} `;
  return `${out.slice(0, 2999).trimEnd().padEnd(2999, '.')}.`;
}

const CONTACT_FORM: FormSpec = {
  form_id: 'showcase-contact',
  title: 'Tell us about you',
  submit_label: 'Send',
  fields: [
    { id: 'name', label: 'Full name', type: 'text', required: true, max_length: 60 },
    { id: 'email', label: 'E-mail', type: 'email' },
    { id: 'phone', label: 'Mobile number', type: 'phone', required: true },
    { id: 'city', label: 'City', type: 'select', options: ['Hyderabad', 'Ahmedabad', 'Pune', 'Lucknow', 'Other'] },
    { id: 'visits', label: 'Visits a month', type: 'number' },
    { id: 'birthday', label: 'Birthday', type: 'date' },
  ],
};

const FEEDBACK_FORM: FormSpec = {
  form_id: 'showcase-feedback',
  title: 'Quick feedback',
  fields: [
    { id: 'liked', label: 'What did you like?', type: 'text', required: true, max_length: 200 },
    { id: 'score', label: 'Score from 1 to 10', type: 'number' },
  ],
};

const FORMS: readonly FormSpec[] = [CONTACT_FORM, FEEDBACK_FORM];

const DATE_REQUEST: RichInputRequest = { type: 'date', config: { min: '2000-01-01', max: '2035-12-31' } };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: DateValue) => `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;

const CURRENCIES = ['INR', 'USD', 'SGD', 'EUR', 'VND'] as const;
const asMoney = (m: { price: number; currency: string }): Money =>
  ({ price: m.price, currency: CURRENCIES.find((c) => c === m.currency) ?? 'INR' });

// ---------- commands ----------

type Command = (ctx: BotContext) => BotReply[] | Promise<BotReply[]>;

const buttonVariant = (prompt: string, labels: readonly string[], extra: Partial<BotReply> = {}): Command => () => [buttons(prompt, labels, extra)];

async function products(): Promise<BotReply[]> {
  const { catalogsOf } = await import('../shop/catalog');
  const items: ProductItem[] = catalogsOf(SHOP_BOT_ID).flatMap((c) => c.products.slice(0, 5).map((p) => ({
    catalog_id: c.catalog_id, product_id: p.id, name: p.name, description: p.description, price: asMoney(p.price),
  })));
  return [{ type: 'product_list', text: { body: 'Products of the Saathi Shop catalogue' }, product_list: { products: items } }];
}

async function catalogs(): Promise<BotReply[]> {
  const { catalogsOf } = await import('../shop/catalog');
  return [{
    type: 'catalog_list',
    text: { body: 'Catalogues of Saathi Shop' },
    catalog_list: { catalogs: catalogsOf(SHOP_BOT_ID).map((c) => ({ catalog_id: c.catalog_id, name: c.name, description: `${c.products.length} products`, image: botMediaRef('jpeg') })) },
  }];
}

/** A summary of the user's cart with the shop bot (read from its table, not a copy). */
async function cart(ctx: BotContext): Promise<BotReply[]> {
  const { readCart, toLines } = await import('../shop/cart');
  const { items } = await readCart(ctx.db, ctx.userUuid, SHOP_BOT_ID);
  const lines = toLines(SHOP_BOT_ID, items, true);
  let total = 0;
  let currency = 'INR';
  for (const line of lines) {
    if (!line.price) continue;
    currency = line.price.currency;
    total += (line.price.price + (line.customization_price?.price ?? 0)) * line.quantity;
  }
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return [{
    type: 'cart',
    text: { body: count === 0 ? 'Your Saathi Shop cart is empty: open its catalogue to add something.' : 'Your cart with Saathi Shop' },
    cart: { item_count: count, total: asMoney({ price: total, currency }) },
  }];
}

const COMMANDS: ReadonlyArray<readonly [name: string, description: string, run: Command]> = [
  ['help', 'this list', () => help()],
  ['text', 'a plain text message', () => [text('Hello! This is a plain text message from the Showcase bot.')]],
  ['markup', 'bold, italic, strike, code, links, heading (and XSS attempts)', () => [text(MARKUP)]],
  ['image', 'a PNG and a JPEG picture', () => [media('image', botMediaRef('png', 'A PNG picture (480 x 320)')), media('image', botMediaRef('jpeg'))]],
  ['gif', 'an animated GIF', () => [media('image', botMediaRef('gif', 'An animated GIF'))]],
  ['audio', 'an MP3 and an OGG audio', () => [media('audio', botMediaRef('mp3')), media('audio', botMediaRef('ogg'))]],
  ['video', 'an MP4 video', () => [media('video', botMediaRef('mp4', 'A five-second test video'))]],
  ['stream', 'a streamed video (video_stream)', () => {
    const { thumbnail } = botMediaRef('mp4');
    return [{ type: 'video_stream', media: { ...STREAM, ...(thumbnail !== undefined ? { thumbnail } : {}) } }];
  }],
  ['document', 'a PDF document', () => [media('document', botMediaRef('pdf'))]],
  ['media', 'a list of pictures and a video (media_list)', () => [{
    type: 'media_list',
    text: { body: 'Four files in one message' },
    media_list: [botMediaRef('png', 'PNG'), botMediaRef('jpeg', 'JPEG'), botMediaRef('gif', 'GIF'), botMediaRef('mp4', 'Video')],
  }]],
  ['youtube', 'YouTube links', () => DEMO_YOUTUBE.map((v) => ({ type: 'youtube', youtube: { url: youtubeUrl(v.video_id), video_id: v.video_id } }))],
  ['article', 'an article with a picture', () => [{
    type: 'article',
    article: {
      title: 'The offline cookbook',
      description: 'Patterns for making a web app work without a network: caches, background sync and more.',
      url: 'https://web.dev/articles/offline-cookbook',
      image: botMediaRef('jpeg'),
    },
  }]],
  ['buttons', 'the button layouts (pick one)', () => [{
    type: 'button',
    text: { body: 'Button messages: each variant shows one layout rule. Pick one:' },
    buttons: COMMANDS.flatMap(([name], i) => (name.startsWith('buttons ') ? [{ body: name, button_index: HELP_BASE + i }] : [])),
    allow_custom_response: true,
  }]],
  ['buttons 1', 'one option (stack)', buttonVariant('One option:', ['Continue'])],
  ['buttons 2', 'two short options (grid)', buttonVariant('Do you like this app?', ['Yes', 'No'])],
  ['buttons 2long', 'two long options (stack)', buttonVariant('Shall I book your seat?', ['Yes, book my seat', 'No, maybe later please'])],
  ['buttons 3', 'three short options (3 columns)', buttonVariant('Pick a colour:', ['Red', 'Green', 'Blue'])],
  ['buttons 5', 'five medium options (stack)', buttonVariant('Pick a plan:', ['Basic plan', 'Silver plan', 'Gold plan', 'Platinum plan', 'Family plan'])],
  ['buttons 6', 'six medium options (2 columns)', buttonVariant('Pick a day:', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])],
  ['buttons 8', 'eight long options (list)', buttonVariant('How can I help?', [
    'Track my order', 'Return an item', 'Change delivery address', 'Talk to support', 'Payment problems', 'Cancel my order', 'Invoice and GST', 'Something else',
  ])],
  ['buttons 9', 'nine short options (3 columns)', buttonVariant('Pick a fruit:', ['Mango', 'Banana', 'Apple', 'Guava', 'Papaya', 'Chikoo', 'Lychee', 'Jamun', 'Amla'])],
  ['buttons 14', 'fourteen options (list)', buttonVariant('Pick a state:', [
    'Andhra', 'Assam', 'Bihar', 'Goa', 'Gujarat', 'Haryana', 'Kerala', 'Punjab', 'Odisha', 'Sikkim', 'Tripura', 'Mizoram', 'Manipur', 'Nagaland',
  ])],
  ['buttons 20', 'twenty options (list)', buttonVariant('Pick a number:', Array.from({ length: 20 }, (_, i) => `Option ${i + 1}`))],
  ['buttons icons', 'four options with icons (stack)', () => [{
    type: 'button', text: { body: 'Options with icons:' }, buttons: options(['Favourite', 'Love it', 'Eco friendly', 'Sunny'], [0, 1, 2, 3].map(icon)),
  }]],
  ['buttons icons 8', 'eight options with icons (list)', () => [{
    type: 'button',
    text: { body: 'Eight options with icons:' },
    buttons: options(['Star', 'Heart', 'Leaf', 'Sun', 'Moon', 'Bolt', 'Drop', 'Bell'], ICON_NAMES.map((_, i) => icon(i))),
  }]],
  ['buttons ttl', 'options that expire after 60 s', buttonVariant('Quick! This question closes in 60 seconds:', ['Tea', 'Coffee'], { ttl: 60 })],
  ['buttons custom', 'options, or type your own answer', buttonVariant('Which city are you in? Pick one or type it:', ['Hyderabad', 'Pune', 'Surat'], { allow_custom_response: true })],
  ['multi', 'multiple choice, with and without icons', () => [
    { type: 'multi_select_button', multi_select: true, text: { body: 'Pick your toppings (several allowed):' }, buttons: options(['Onion', 'Tomato', 'Paneer', 'Corn', 'Olives', 'Jalapeño']) },
    {
      type: 'multi_select_button',
      multi_select: true,
      text: { body: 'Which do you like? Pick several, or write your own:' },
      buttons: options(['Stars', 'Hearts', 'Leaves', 'Sunshine'], [0, 1, 2, 3].map(icon)),
      allow_custom_response: true,
    },
  ]],
  ['action', 'action buttons: website, cart, e-mail, phone', () => [{
    type: 'action',
    text: { body: 'Get in touch with us:' },
    actions: [
      { body: 'Open our website', action: { type: 'website', value: 'https://example.com' } },
      { body: 'View cart', action: { type: 'view_cart' } },
      { body: 'E-mail us', action: { type: 'email', value: 'help@example.com' } },
      { body: 'Call us', action: { type: 'phone_number', value: '+919876543210' } },
    ] satisfies ActionButton[],
  }]],
  ['menu', 'a persistent menu', () => [{ type: 'persistent_menu', text: { body: 'Main menu' }, buttons: options(['My orders', 'Offers', 'Help', 'Settings']) }]],
  ['card', 'cards with pictures and buttons', () => [{
    type: 'card',
    text: { body: 'Three cards' },
    card: {
      cards: [
        { title: 'Gradient', subtitle: 'A PNG picture', image: botMediaRef('png'), buttons: [{ body: 'Learn more', action: { type: 'website', value: 'https://example.com/png' } }] },
        { title: 'Colours', subtitle: 'A JPEG picture', image: botMediaRef('jpeg'), buttons: [{ body: 'View cart', action: { type: 'view_cart' } }] },
        { title: 'Animation', subtitle: 'An animated GIF', image: botMediaRef('gif'), buttons: [{ body: 'Write to us', action: { type: 'email', value: 'help@example.com' } }] },
      ],
    },
  }]],
  ['products', 'products of the shop catalogue', products],
  ['catalog', 'catalogues (catalog_list)', catalogs],
  ['cart', 'a summary of your Saathi Shop cart', cart],
  ['scorecard', 'a scorecard', () => [{
    type: 'scorecard',
    scorecard: {
      title: 'Weekly quiz',
      score: 8,
      total: 10,
      rows: [{ label: 'Correct', value: '8' }, { label: 'Wrong', value: '2' }, { label: 'Time', value: '3 min 12 s' }, { label: 'Rank', value: '4 of 120' }],
    },
  }]],
  ['date', 'asks for a date (2000 to 2035)', () => [{ type: 'rich_input', text: { body: 'When is your appointment? (2000 to 2035)' }, rich_input: DATE_REQUEST }]],
  ['location', 'asks for your location', () => [{ type: 'rich_input', text: { body: 'Share your location, please.' }, rich_input: { type: 'location' } }]],
  ['location custom', 'asks for a location you may pick on a map', () => [{
    type: 'rich_input', text: { body: 'Where should we deliver? Share your position or pick a place.' }, rich_input: { type: 'location', config: { allow_custom: true } },
  }]],
  ['location address', 'asks for an address near you', () => [{
    type: 'rich_input', text: { body: 'Pick your address.' }, rich_input: { type: 'location', config: { fetch_address: true } },
  }]],
  ['form', 'a form to fill in (rich_input and form)', () => [
    { type: 'rich_input', text: { body: 'Please fill in this form.' }, rich_input: { type: 'form', form: CONTACT_FORM } },
    { type: 'form', text: { body: 'And a short feedback form.' }, form: FEEDBACK_FORM },
  ]],
  ['rate', 'messages that ask for a rating', () => [
    text('Was this answer helpful? Rate it with a thumb.', { rating_type: 'thumbs', is_rated: false }),
    text('How would you rate the Showcase bot? Give it 1 to 5 stars.', { rating_type: 'stars', is_rated: false }),
  ]],
  ['unknown', 'a message type the app does not know', () => [
    { type: 'hologram', text: { body: 'A hologram message: no app knows this type.' } },
    { type: 'rich_input', text: { body: 'A request of an unknown kind.' }, rich_input: { type: 'hologram' } },
  ]],
  ['long', 'a 3,000-character text', () => [text(longText())]],
  ['all', 'one of everything', (ctx) => all(ctx)],
];

if (HELP_BASE + COMMANDS.length - 1 > 99) throw new Error('the help list outgrew button_index 99');

const byName: ReadonlyMap<string, Command> = new Map(COMMANDS.map(([name, , run]) => [name, run]));

function helpList(): BotReply {
  return {
    type: 'button',
    text: { body: 'Pick a command, or type it:' },
    buttons: COMMANDS.map(([name], i) => ({ body: name, button_index: HELP_BASE + i })),
    // Typing stays open: the list is a menu, not a question.
    allow_custom_response: true,
  };
}

function help(): BotReply[] {
  const lines = COMMANDS.map(([name, description]) => `*${name}*: ${description}`);
  return [text(`# Showcase commands\nType one (any case) or pick it below.\n${lines.join('\n')}`), helpList()];
}

/** One message of every type, in one answer. */
async function all(ctx: BotContext): Promise<BotReply[]> {
  const pick = async (name: string, index = 0): Promise<BotReply> => {
    const replies = await byName.get(name)!(ctx);
    return replies[index]!;
  };
  return [
    text('Here is one message of every type.'),
    await pick('markup'),
    await pick('image'),
    await pick('gif'),
    await pick('audio'),
    await pick('video'),
    await pick('stream'),
    await pick('document'),
    await pick('media'),
    await pick('youtube'),
    await pick('article'),
    await pick('buttons 2'),
    await pick('multi'),
    await pick('action'),
    await pick('menu'),
    await pick('card'),
    await pick('products'),
    await pick('catalog'),
    await pick('cart'),
    await pick('scorecard'),
    await pick('date'),
    await pick('location'),
    await pick('form', 0),
    await pick('form', 1),
    await pick('rate', 0),
    await pick('unknown', 0),
    await pick('unknown', 1),
    text('That was everything. Type *help* for the list of commands.'),
  ];
}

// ---------- answers to the user's replies ----------

interface StoredBotMessage { payload: Partial<BotReply>; created_at: number }

/** The latest bot messages of a type in this conversation, newest first. */
async function latest(ctx: BotContext, type: string): Promise<StoredBotMessage[]> {
  return ctx.db.query<StoredBotMessage>(
    `SELECT payload, created_at FROM messages WHERE user_uuid = $1 AND bot_uuid = $2 AND sender = 'bot' AND type = $3 ORDER BY sk DESC LIMIT 20`,
    [ctx.userUuid, ctx.botUuid, type],
  );
}

/** The option the user chose: from the newest message of that type that has this index. */
async function chosen(ctx: BotContext, type: string, index: number): Promise<{ label: string; expired: boolean } | undefined> {
  for (const m of await latest(ctx, type)) {
    const option = m.payload.buttons?.find((b) => b.button_index === index);
    if (!option) continue;
    const ttl = m.payload.ttl;
    return { label: option.body, expired: ttl !== undefined && ctx.now > m.created_at + ttl * 1000 };
  }
  return undefined;
}

/** Whether the newest bot message is a question (not the help list) that takes a typed answer. */
async function awaitsTypedAnswer(ctx: BotContext): Promise<boolean> {
  const rows = await ctx.db.query<StoredBotMessage & { type: string }>(
    `SELECT type, payload, created_at FROM messages WHERE user_uuid = $1 AND bot_uuid = $2 AND sender = 'bot' ORDER BY sk DESC LIMIT 1`,
    [ctx.userUuid, ctx.botUuid],
  );
  const last = rows[0];
  if (!last || !['button', 'multi_select_button'].includes(last.type) || last.payload.allow_custom_response !== true) return false;
  return (last.payload.buttons ?? []).every((b) => b.button_index < HELP_BASE);
}

async function answerChoice(ctx: BotContext, index: number): Promise<BotReply[]> {
  const command = COMMANDS[index - HELP_BASE];
  if (index >= HELP_BASE && command) return command[2](ctx);
  const choice = await chosen(ctx, 'button', index);
  if (!choice) return [text(`You chose option ${index}.`)];
  if (choice.expired) return [text(`Sorry, that question has closed: “${choice.label}” came too late.`)];
  return [text(`You chose “${choice.label}”.`)];
}

async function answerMulti(ctx: BotContext, indices: readonly number[], custom: string | undefined): Promise<BotReply[]> {
  const labels: string[] = [];
  for (const i of indices) labels.push((await chosen(ctx, 'multi_select_button', i))?.label ?? `option ${i}`);
  const wrote = custom !== undefined ? ` and wrote “${custom}”` : '';
  return [text(`You chose ${labels.map((l) => `“${l}”`).join(', ')}${wrote}.`)];
}

function answerDate(d: DateValue): BotReply[] {
  const when = `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
  const iso = isoDate(d);
  const { min, max } = DATE_REQUEST.config ?? {};
  if ((min !== undefined && iso < min) || (max !== undefined && iso > max)) {
    return [text(`You picked ${when}, which is outside ${min ?? '…'} to ${max ?? '…'}.`)];
  }
  return [text(`You picked ${when}.`)];
}

function answerForm(formId: string, values: Readonly<Record<string, string>>): BotReply[] {
  const form = FORMS.find((f) => f.form_id === formId);
  const entries = Object.entries(values);
  if (entries.length === 0) return [text('You sent an empty form.')];
  const lines = entries.map(([id, value]) => `*${form?.fields.find((f) => f.id === id)?.label ?? id}*: ${value}`);
  return [text(`Thanks! ${form ? `“${form.title}”` : 'Your form'} has:\n${lines.join('\n')}`)];
}

function normalise(command: string): string {
  return command.trim().toLowerCase().replace(/\s+/g, ' ');
}

async function answer(message: OutgoingMessage, ctx: BotContext): Promise<BotAnswer> {
  const replies = await (async (): Promise<BotReply[]> => {
    switch (message.type) {
      case 'text': {
        const run = byName.get(normalise(message.text.body));
        if (run) return run(ctx);
        if (await awaitsTypedAnswer(ctx)) return [text(`You answered “${message.text.body.trim().slice(0, 200)}”.`)];
        return [text(`I do not know “${message.text.body.trim().slice(0, 60)}”. Type *help* to see everything I can send.`)];
      }
      case 'button_response': return answerChoice(ctx, message.button_index);
      case 'persistent_menu_response': {
        const choice = await chosen(ctx, 'persistent_menu', message.button_index);
        return [text(`Menu: you picked “${choice?.label ?? `option ${message.button_index}`}”.`)];
      }
      case 'multi_select_button_response': return answerMulti(ctx, message.button_indices, message.custom_response);
      case 'date': return answerDate(message.date);
      case 'location': {
        const where = message.location.type === 'CURRENT' ? 'your current position' : 'the place you picked';
        const address = message.location.address ? `, ${message.location.address}` : '';
        return [text(`Got ${where}: ${message.location.latitude}, ${message.location.longitude}${address}.`)];
      }
      case 'form_response': return answerForm(message.form_response.form_id, message.form_response.values);
      case 'image':
      case 'video':
      case 'audio':
      case 'document': {
        const name = message.media.name ? ` “${message.media.name}”` : '';
        const size = message.media.size !== undefined ? ` (${formatFileSize(message.media.size)})` : '';
        return [text(`Got your ${message.type}${name}${size}. Thank you!`)];
      }
    }
  })();
  return { replies, delayed: false };
}

export const SHOWCASE_BOT: BotDefinition = {
  bot_uuid: SHOWCASE_BOT_ID,
  name: 'Showcase',
  description: 'Sends every kind of message the app can show: media, buttons, cards, forms, dates, places.',
  icon: '/icons/bots/showcase.svg',
  suggested: true,
  config: { allow_user_media: true },
  welcome: () => [
    text('Hi! I am *Showcase*. I can send every kind of message this app shows. Type a command such as *image* or *buttons 3*, or pick one below.'),
    helpList(),
  ],
  answer,
};

/** The command names, in help order (tests and the README list them). */
export const SHOWCASE_COMMANDS: readonly string[] = COMMANDS.map(([name]) => name);
