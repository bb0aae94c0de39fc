// The Showcase bot: sends every message type and input request of spec part 1 §3 on command, so
// the app's rendering of each can be seen and tested (README "Showcase bot" lists the commands).
// Commands are typed (any case, extra spaces ignored) or picked from the help list. It confirms
// what the user answers: button, menu and multi-select choices, dates, locations, forms, media.
// It writes in the user's language (ctx.language, bot-language.ts): the English texts are in
// SHOWCASE_TEXT, SHOWCASE_LABELS and the help descriptions of COMMANDS below, the other languages
// in showcase-text.ts. The command names stay English (the README lists them; users type them).
//
// Only type imports from ./registry (which lists this bot): the shop modules, which import the
// registry, are loaded when first needed, so no module cycle is evaluated half-way.
import type {
  ActionButton, ButtonOption, DateValue, FormSpec, MediaRef, Money, OutgoingMessage, ProductItem, RichInputRequest,
} from '../../src/api/messages';
import type { LanguageCode } from '../../src/domain/language-codes';
import { formatFileSize } from '../../src/domain/media-titles';
import { botMediaRef } from '../media/bot-media';
import { DEMO_YOUTUBE, youtubeUrl } from '../media/link-title';
import { labeller, translator } from './bot-text';
import { SHOWCASE_BOT_ID, type BotAnswer, type BotContext, type BotDefinition, type BotReply } from './bot-types';
import { COMMAND_DESCRIPTIONS, SHOWCASE_LABEL_TEXTS, SHOWCASE_TEXTS } from './showcase-text';


/** Options of the help list carry button_index HELP_BASE + the command's place, so a tap runs it. */
export const HELP_BASE = 50;

// ---------- texts (English; the other languages: showcase-text.ts) ----------

export const SHOWCASE_TEXT = {
  welcome: 'Hi! I am *Showcase*. I can send every kind of message this app shows. Type a command such as *image* or *buttons 3*, or pick one below.',
  helpTitle: '# Showcase commands',
  helpHint: 'Type one (any case) or pick it below.',
  helpPick: 'Pick a command, or type it:',
  plainText: 'Hello! This is a plain text message from the Showcase bot.',
  markupTitle: '# Text markup',
  markupStyles: '*Bold*, _italic_, ~strikethrough~ and ```inline code```.',
  markupNested: '*Bold with _italic_ inside* and _italic with *bold* inside_.',
  markupLinks: 'Links: https://example.com/docs, [a named link](https://example.com/guide), mailto:help@example.com and tel:+919876543210.',
  markupHarmless: 'These must show as plain, harmless text:',
  pngCaption: 'A PNG picture (480 x 320)',
  gifCaption: 'An animated GIF',
  videoCaption: 'A five-second test video',
  streamCaption: 'Big Buck Bunny, streamed from the Blender Foundation (needs the internet)',
  mediaList: 'Four files in one message',
  mediaListVideo: 'Video',
  articleDescription: 'Patterns for making a web app work without a network: caches, background sync and more.',
  buttonsIntro: 'Button messages: each variant shows one layout rule. Pick one:',
  buttons1: 'One option:',
  buttons2: 'Do you like this app?',
  buttons2long: 'Shall I book your seat?',
  buttons3: 'Pick a colour:',
  buttons5: 'Pick a plan:',
  buttons6: 'Pick a day:',
  buttons8: 'How can I help?',
  buttons9: 'Pick a fruit:',
  buttons14: 'Pick a state:',
  buttons20: 'Pick a number:',
  numberedOption: 'Option {n}',
  buttonsIcons: 'Options with icons:',
  buttonsIcons8: 'Eight options with icons:',
  buttonsTtl: 'Quick! This question closes in 60 seconds:',
  buttonsCustom: 'Which city are you in? Pick one or type it:',
  multiToppings: 'Pick your toppings (several allowed):',
  multiIcons: 'Which do you like? Pick several, or write your own:',
  actionPrompt: 'Get in touch with us:',
  menu: 'Main menu',
  cards: 'Three cards',
  products: 'Products of my catalogue',
  catalogs: 'My catalogues',
  catalogCount: '{count} products',
  cartEmpty: 'Your cart with me is empty: open my catalogue to add something.',
  cartFull: 'Your cart with me',
  scoreTitle: 'Weekly quiz',
  scoreTime: '3 min 12 s',
  scoreRank: '4 of 120',
  datePrompt: 'When is your appointment? (2000 to 2035)',
  locationPrompt: 'Share your location, please.',
  locationCustom: 'Where should we deliver? Share your position or pick a place.',
  locationAddress: 'Pick your address.',
  formPrompt: 'Please fill in this form.',
  feedbackPrompt: 'And a short feedback form.',
  contactTitle: 'Tell us about you',
  contactSubmit: 'Send',
  feedbackTitle: 'Quick feedback',
  rateThumbs: 'Was this answer helpful? Rate it with a thumb.',
  rateStars: 'How would you rate the Showcase bot? Give it 1 to 5 stars.',
  hologram: 'A hologram message: no app knows this type.',
  hologramRequest: 'A request of an unknown kind.',
  allFirst: 'Here is one message of every type.',
  allLast: 'That was everything. Type *help* for the list of commands.',
  choseIndex: 'You chose option {index}.',
  closed: 'Sorry, that question has closed: “{label}” came too late.',
  chose: 'You chose “{label}”.',
  optionIndex: 'option {index}',
  choseMany: 'You chose {labels}.',
  choseManyWrote: 'You chose {labels} and wrote “{custom}”.',
  pickedOutside: 'You picked {when}, which is outside {min} to {max}.',
  picked: 'You picked {when}.',
  emptyForm: 'You sent an empty form.',
  formHas: 'Thanks! “{title}” has:',
  unknownFormHas: 'Thanks! Your form has:',
  answered: 'You answered “{words}”.',
  unknownCommand: 'I do not know “{words}”. Type *help* to see everything I can send.',
  menuPicked: 'Menu: you picked “{label}”.',
  gotCurrent: 'Got your current position: {latitude}, {longitude}{address}.',
  gotPicked: 'Got the place you picked: {latitude}, {longitude}{address}.',
  gotImage: 'Got your image{name}{size}. Thank you!',
  gotVideo: 'Got your video{name}{size}. Thank you!',
  gotAudio: 'Got your audio{name}{size}. Thank you!',
  gotDocument: 'Got your document{name}{size}. Thank you!',
} as const;

/** Lists of labels (options, form fields, month names): as many in every language. */
export const SHOWCASE_LABELS = {
  buttons1: ['Continue'],
  buttons2: ['Yes', 'No'],
  buttons2long: ['Yes, book my seat', 'No, maybe later please'],
  buttons3: ['Red', 'Green', 'Blue'],
  buttons5: ['Basic plan', 'Silver plan', 'Gold plan', 'Platinum plan', 'Family plan'],
  buttons6: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  buttons8: ['Track my order', 'Return an item', 'Change delivery address', 'Talk to support', 'Payment problems', 'Cancel my order', 'Invoice and GST', 'Something else'],
  buttons9: ['Mango', 'Banana', 'Apple', 'Guava', 'Papaya', 'Chikoo', 'Lychee', 'Jamun', 'Amla'],
  buttons14: ['Andhra', 'Assam', 'Bihar', 'Goa', 'Gujarat', 'Haryana', 'Kerala', 'Punjab', 'Odisha', 'Sikkim', 'Tripura', 'Mizoram', 'Manipur', 'Nagaland'],
  buttonsIcons: ['Favourite', 'Love it', 'Eco friendly', 'Sunny'],
  buttonsIcons8: ['Star', 'Heart', 'Leaf', 'Sun', 'Moon', 'Bolt', 'Drop', 'Bell'],
  buttonsTtl: ['Tea', 'Coffee'],
  buttonsCustom: ['Hyderabad', 'Pune', 'Surat'],
  multiToppings: ['Onion', 'Tomato', 'Paneer', 'Corn', 'Olives', 'Jalapeño'],
  multiIcons: ['Stars', 'Hearts', 'Leaves', 'Sunshine'],
  actions: ['Open our website', 'View cart', 'E-mail us', 'Call us'],
  menu: ['My orders', 'Offers', 'Help', 'Settings'],
  cardTitles: ['Gradient', 'Colours', 'Animation'],
  cardSubtitles: ['A PNG picture', 'A JPEG picture', 'An animated GIF'],
  cardButtons: ['Learn more', 'View cart', 'Write to us'],
  scoreRows: ['Correct', 'Wrong', 'Time', 'Rank'],
  contactFields: ['Full name', 'E-mail', 'Mobile number', 'City', 'Visits a month', 'Birthday'],
  cities: ['Hyderabad', 'Ahmedabad', 'Pune', 'Lucknow', 'Other'],
  feedbackFields: ['What did you like?', 'Score from 1 to 10'],
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  longSentences: [
    'This is a long message of exactly three thousand characters, sent to show how the app wraps, folds and scrolls a big block of text.',
    'Offline-first means that everything you see here is stored on your device, so it opens at once, even with no network at all.',
    'When the network comes back, the app sends what waited in its outbox, in order and exactly once, and fetches what it missed.',
    'Bots can send text, pictures, audio, video, documents, buttons, menus, cards, products, forms and requests for a date or a place.',
    'Each of them has its own look, and each must stay readable in English, Hindi, Gujarati, Marathi and Telugu, on small screens too.',
  ],
} as const;

const say = translator<keyof typeof SHOWCASE_TEXT>(SHOWCASE_TEXT, SHOWCASE_TEXTS);
const labelsOf = labeller<keyof typeof SHOWCASE_LABELS>(SHOWCASE_LABELS, SHOWCASE_LABEL_TEXTS);

// ---------- building blocks ----------

const text = (body: string, extra: Partial<BotReply> = {}): BotReply => ({ type: 'text', text: { body }, ...extra });

const options = (labels: readonly string[], icons?: readonly string[]): ButtonOption[] =>
  labels.map((body, i) => ({ body, button_index: i, ...(icons?.[i] !== undefined ? { icon: icons[i] } : {}) }));

const buttons = (prompt: string, labels: readonly string[], extra: Partial<BotReply> = {}): BotReply =>
  ({ type: 'button', text: { body: prompt }, buttons: options(labels), ...extra });

const ICON_NAMES = ['star', 'heart', 'leaf', 'sun', 'moon', 'bolt', 'drop', 'bell'] as const;
const icon = (i: number) => `/icons/showcase/${ICON_NAMES[i % ICON_NAMES.length]}.svg`;

const media = (type: 'image' | 'audio' | 'video' | 'document', ref: MediaRef): BotReply => ({ type, media: ref });

const stream = (language: LanguageCode): MediaRef => ({
  url: 'https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4',
  content_type: 'video/mp4',
  name: 'Big Buck Bunny (320x180)',
  caption: say(language, 'streamCaption'),
  width: 320,
  height: 180,
  duration: 596,
});

// The lines that try to inject markup or script stay as they are in every language: they are tests.
const markup = (language: LanguageCode) => [
  say(language, 'markupTitle'),
  say(language, 'markupStyles'),
  say(language, 'markupNested'),
  say(language, 'markupLinks'),
  '```',
  'const greeting = "code block";',
  '```',
  say(language, 'markupHarmless'),
  '[click me](javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '<script>alert("xss")</script>',
  '[data link](data:text/html,<script>alert(1)</script>)',
  'javascript:alert(document.cookie)',
  '[quoted](https://example.com" onmouseover="alert(1))',
  '<a href="javascript:alert(1)">an anchor</a>',
].join('\n');

function longText(language: LanguageCode): string {
  const sentences = labelsOf(language, 'longSentences');
  let out = '';
  for (let i = 0; out.length < 3000; i++) out += `${sentences[i % sentences.length]} `;
  return `${out.slice(0, 2999).trimEnd().padEnd(2999, '.')}.`;
}

function contactForm(language: LanguageCode): FormSpec {
  const [name, email, phone, city, visits, birthday] = labelsOf(language, 'contactFields');
  return {
    form_id: 'showcase-contact',
    title: say(language, 'contactTitle'),
    submit_label: say(language, 'contactSubmit'),
    fields: [
      { id: 'name', label: name!, type: 'text', required: true, max_length: 60 },
      { id: 'email', label: email!, type: 'email' },
      { id: 'phone', label: phone!, type: 'phone', required: true },
      { id: 'city', label: city!, type: 'select', options: [...labelsOf(language, 'cities')] },
      { id: 'visits', label: visits!, type: 'number', min: 0 },
      { id: 'birthday', label: birthday!, type: 'date' },
    ],
  };
}

function feedbackForm(language: LanguageCode): FormSpec {
  const [liked, score] = labelsOf(language, 'feedbackFields');
  return {
    form_id: 'showcase-feedback',
    title: say(language, 'feedbackTitle'),
    fields: [
      { id: 'liked', label: liked!, type: 'text', required: true, max_length: 200 },
      { id: 'score', label: score!, type: 'number', min: 1, max: 10 },
    ],
  };
}

const FORMS: readonly ((language: LanguageCode) => FormSpec)[] = [contactForm, feedbackForm];

const DATE_REQUEST: RichInputRequest = { type: 'date', config: { min: '2000-01-01', max: '2035-12-31' } };

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: DateValue) => `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;

const CURRENCIES = ['INR', 'USD', 'SGD', 'EUR', 'VND'] as const;
const asMoney = (m: { price: number; currency: string }): Money =>
  ({ price: m.price, currency: CURRENCIES.find((c) => c === m.currency) ?? 'INR' });

// ---------- commands ----------

type Command = (ctx: BotContext) => BotReply[] | Promise<BotReply[]>;

type LabelledPrompt = keyof typeof SHOWCASE_TEXT & keyof typeof SHOWCASE_LABELS;

/** A button message whose prompt and options share an id in SHOWCASE_TEXT and SHOWCASE_LABELS. */
const buttonVariant = (id: LabelledPrompt, extra: Partial<BotReply> = {}): Command =>
  ({ language }) => [buttons(say(language, id), labelsOf(language, id), extra)];

// The Showcase has a catalogue of its own (server/shop/catalog.ts: the shop's goods), so its
// product, catalogue and cart messages, and its "View cart" buttons, open its own screens.
async function products({ language }: BotContext): Promise<BotReply[]> {
  const { catalogsOf } = await import('../shop/catalog');
  const items: ProductItem[] = catalogsOf(SHOWCASE_BOT_ID).flatMap((c) => c.products.slice(0, 5).map((p) => ({
    catalog_id: c.catalog_id, product_id: p.id, name: p.name, description: p.description, price: asMoney(p.price),
    ...(p.image ? { image: p.image } : {}),
  })));
  return [{ type: 'product_list', text: { body: say(language, 'products') }, product_list: { products: items } }];
}

async function catalogs({ language }: BotContext): Promise<BotReply[]> {
  const { catalogsOf } = await import('../shop/catalog');
  return [{
    type: 'catalog_list',
    text: { body: say(language, 'catalogs') },
    catalog_list: {
      catalogs: catalogsOf(SHOWCASE_BOT_ID).map((c) => ({
        catalog_id: c.catalog_id, name: c.name, description: say(language, 'catalogCount', { count: c.products.length }), image: botMediaRef('jpeg'),
      })),
    },
  }];
}

/** A summary of the user's cart with the Showcase (read from its table, not a copy). */
async function cart(ctx: BotContext): Promise<BotReply[]> {
  const { readCart, toLines } = await import('../shop/cart');
  const { items } = await readCart(ctx.db, ctx.userUuid, SHOWCASE_BOT_ID);
  const lines = toLines(SHOWCASE_BOT_ID, items, true);
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
    text: { body: say(ctx.language, count === 0 ? 'cartEmpty' : 'cartFull') },
    cart: { item_count: count, total: asMoney({ price: total, currency }) },
  }];
}

/** [name (typed, stays English), what the help list says it sends (English; other languages: showcase-text.ts), run] */
const COMMANDS: ReadonlyArray<readonly [name: string, description: string, run: Command]> = [
  ['help', 'this list', ({ language }) => help(language)],
  ['text', 'a plain text message', ({ language }) => [text(say(language, 'plainText'))]],
  ['markup', 'bold, italic, strike, code, links, heading (and XSS attempts)', ({ language }) => [text(markup(language))]],
  ['image', 'a PNG and a JPEG picture', ({ language }) => [media('image', botMediaRef('png', say(language, 'pngCaption'))), media('image', botMediaRef('jpeg'))]],
  ['gif', 'an animated GIF', ({ language }) => [media('image', botMediaRef('gif', say(language, 'gifCaption')))]],
  ['audio', 'an MP3 and an OGG audio', () => [media('audio', botMediaRef('mp3')), media('audio', botMediaRef('ogg'))]],
  ['video', 'an MP4 video', ({ language }) => [media('video', botMediaRef('mp4', say(language, 'videoCaption')))]],
  ['stream', 'a streamed video (video_stream)', ({ language }) => {
    const { thumbnail } = botMediaRef('mp4');
    return [{ type: 'video_stream', media: { ...stream(language), ...(thumbnail !== undefined ? { thumbnail } : {}) } }];
  }],
  ['document', 'a PDF document', () => [media('document', botMediaRef('pdf'))]],
  ['media', 'a list of pictures and a video (media_list)', ({ language }) => [{
    type: 'media_list',
    text: { body: say(language, 'mediaList') },
    media_list: [botMediaRef('png', 'PNG'), botMediaRef('jpeg', 'JPEG'), botMediaRef('gif', 'GIF'), botMediaRef('mp4', say(language, 'mediaListVideo'))],
  }]],
  ['youtube', 'YouTube links', () => DEMO_YOUTUBE.map((v) => ({ type: 'youtube', youtube: { url: youtubeUrl(v.video_id), video_id: v.video_id } }))],
  ['article', 'an article with a picture', ({ language }) => [{
    type: 'article',
    article: {
      // the title of the page it links to, which is in English
      title: 'The offline cookbook',
      description: say(language, 'articleDescription'),
      url: 'https://web.dev/articles/offline-cookbook',
      image: botMediaRef('jpeg'),
    },
  }]],
  ['buttons', 'the button layouts (pick one)', ({ language }) => [{
    type: 'button',
    text: { body: say(language, 'buttonsIntro') },
    buttons: COMMANDS.flatMap(([name], i) => (name.startsWith('buttons ') ? [{ body: name, button_index: HELP_BASE + i }] : [])),
    allow_custom_response: true,
  }]],
  ['buttons 1', 'one option (stack)', buttonVariant('buttons1')],
  ['buttons 2', 'two short options (grid)', buttonVariant('buttons2')],
  ['buttons 2long', 'two long options (stack)', buttonVariant('buttons2long')],
  ['buttons 3', 'three short options (3 columns)', buttonVariant('buttons3')],
  ['buttons 5', 'five medium options (stack)', buttonVariant('buttons5')],
  ['buttons 6', 'six medium options (2 columns)', buttonVariant('buttons6')],
  ['buttons 8', 'eight long options (list)', buttonVariant('buttons8')],
  ['buttons 9', 'nine short options (3 columns)', buttonVariant('buttons9')],
  ['buttons 14', 'fourteen options (list)', buttonVariant('buttons14')],
  ['buttons 20', 'twenty options (list)', ({ language }) => [
    buttons(say(language, 'buttons20'), Array.from({ length: 20 }, (_, i) => say(language, 'numberedOption', { n: i + 1 }))),
  ]],
  ['buttons icons', 'four options with icons (stack)', ({ language }) => [{
    type: 'button', text: { body: say(language, 'buttonsIcons') }, buttons: options(labelsOf(language, 'buttonsIcons'), [0, 1, 2, 3].map(icon)),
  }]],
  ['buttons icons 8', 'eight options with icons (list)', ({ language }) => [{
    type: 'button',
    text: { body: say(language, 'buttonsIcons8') },
    buttons: options(labelsOf(language, 'buttonsIcons8'), ICON_NAMES.map((_, i) => icon(i))),
  }]],
  ['buttons ttl', 'options that expire after 60 s', buttonVariant('buttonsTtl', { ttl: 60 })],
  ['buttons custom', 'options, or type your own answer', buttonVariant('buttonsCustom', { allow_custom_response: true })],
  ['multi', 'multiple choice, with and without icons', ({ language }) => [
    { type: 'multi_select_button', multi_select: true, text: { body: say(language, 'multiToppings') }, buttons: options(labelsOf(language, 'multiToppings')) },
    {
      type: 'multi_select_button',
      multi_select: true,
      text: { body: say(language, 'multiIcons') },
      buttons: options(labelsOf(language, 'multiIcons'), [0, 1, 2, 3].map(icon)),
      allow_custom_response: true,
    },
  ]],
  ['action', 'action buttons: website, cart, e-mail, phone', ({ language }) => {
    const [website, cart, email, phone] = labelsOf(language, 'actions');
    return [{
      type: 'action',
      text: { body: say(language, 'actionPrompt') },
      actions: [
        { body: website!, action: { type: 'website', value: 'https://example.com' } },
        { body: cart!, action: { type: 'view_cart' } },
        { body: email!, action: { type: 'email', value: 'help@example.com' } },
        { body: phone!, action: { type: 'phone_number', value: '+919876543210' } },
      ] satisfies ActionButton[],
    }];
  }],
  ['menu', 'a persistent menu', ({ language }) => [{ type: 'persistent_menu', text: { body: say(language, 'menu') }, buttons: options(labelsOf(language, 'menu')) }]],
  ['card', 'cards with pictures and buttons', ({ language }) => {
    const titles = labelsOf(language, 'cardTitles');
    const subtitles = labelsOf(language, 'cardSubtitles');
    const labels = labelsOf(language, 'cardButtons');
    const card = (i: number, kind: 'png' | 'jpeg' | 'gif', action: ActionButton['action']) =>
      ({ title: titles[i]!, subtitle: subtitles[i]!, image: botMediaRef(kind), buttons: [{ body: labels[i]!, action }] });
    return [{
      type: 'card',
      text: { body: say(language, 'cards') },
      card: {
        cards: [
          card(0, 'png', { type: 'website', value: 'https://example.com/png' }),
          card(1, 'jpeg', { type: 'view_cart' }),
          card(2, 'gif', { type: 'email', value: 'help@example.com' }),
        ],
      },
    }];
  }],
  ['products', 'products of my catalogue', products],
  ['catalog', 'catalogues (catalog_list)', catalogs],
  ['cart', 'a summary of your cart with me', cart],
  ['scorecard', 'a scorecard', ({ language }) => {
    const [correct, wrong, time, rank] = labelsOf(language, 'scoreRows');
    return [{
      type: 'scorecard',
      scorecard: {
        title: say(language, 'scoreTitle'),
        score: 8,
        total: 10,
        rows: [{ label: correct!, value: '8' }, { label: wrong!, value: '2' }, { label: time!, value: say(language, 'scoreTime') }, { label: rank!, value: say(language, 'scoreRank') }],
      },
    }];
  }],
  ['date', 'asks for a date (2000 to 2035)', ({ language }) => [{ type: 'rich_input', text: { body: say(language, 'datePrompt') }, rich_input: DATE_REQUEST }]],
  ['location', 'asks for your location', ({ language }) => [{ type: 'rich_input', text: { body: say(language, 'locationPrompt') }, rich_input: { type: 'location' } }]],
  ['location custom', 'asks for a location you may pick on a map', ({ language }) => [{
    type: 'rich_input', text: { body: say(language, 'locationCustom') }, rich_input: { type: 'location', config: { allow_custom: true } },
  }]],
  ['location address', 'asks for an address near you', ({ language }) => [{
    type: 'rich_input', text: { body: say(language, 'locationAddress') }, rich_input: { type: 'location', config: { fetch_address: true } },
  }]],
  ['form', 'a form to fill in (rich_input and form)', ({ language }) => [
    { type: 'rich_input', text: { body: say(language, 'formPrompt') }, rich_input: { type: 'form', form: contactForm(language) } },
    { type: 'form', text: { body: say(language, 'feedbackPrompt') }, form: feedbackForm(language) },
  ]],
  ['rate', 'messages that ask for a rating', ({ language }) => [
    text(say(language, 'rateThumbs'), { rating_type: 'thumbs', is_rated: false }),
    text(say(language, 'rateStars'), { rating_type: 'stars', is_rated: false }),
  ]],
  ['unknown', 'a message type the app does not know', ({ language }) => [
    { type: 'hologram', text: { body: say(language, 'hologram') } },
    { type: 'rich_input', text: { body: say(language, 'hologramRequest') }, rich_input: { type: 'hologram' } },
  ]],
  ['long', 'a 3,000-character text', ({ language }) => [text(longText(language))]],
  ['all', 'one of everything', (ctx) => all(ctx)],
];

if (HELP_BASE + COMMANDS.length - 1 > 99) throw new Error('the help list outgrew button_index 99');

const byName: ReadonlyMap<string, Command> = new Map(COMMANDS.map(([name, , run]) => [name, run]));

function helpList(language: LanguageCode): BotReply {
  return {
    type: 'button',
    text: { body: say(language, 'helpPick') },
    buttons: COMMANDS.map(([name], i) => ({ body: name, button_index: HELP_BASE + i })),
    // Typing stays open: the list is a menu, not a question.
    allow_custom_response: true,
  };
}

/** A command's help line in the language (its name stays English: it is what the user types). */
const helpLine = (name: string, english: string, language: LanguageCode): string =>
  (language === 'en' ? english : COMMAND_DESCRIPTIONS[name]?.[language] ?? english);

function help(language: LanguageCode): BotReply[] {
  const lines = COMMANDS.map(([name, description]) => `*${name}*: ${helpLine(name, description, language)}`);
  return [text(`${say(language, 'helpTitle')}\n${say(language, 'helpHint')}\n${lines.join('\n')}`), helpList(language)];
}

/** One message of every type, in one answer. */
async function all(ctx: BotContext): Promise<BotReply[]> {
  const pick = async (name: string, index = 0): Promise<BotReply> => {
    const replies = await byName.get(name)!(ctx);
    return replies[index]!;
  };
  return [
    text(say(ctx.language, 'allFirst')),
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
    text(say(ctx.language, 'allLast')),
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
  // the label as it was sent (in the language of then), not translated again
  const choice = await chosen(ctx, 'button', index);
  if (!choice) return [text(say(ctx.language, 'choseIndex', { index }))];
  if (choice.expired) return [text(say(ctx.language, 'closed', { label: choice.label }))];
  return [text(say(ctx.language, 'chose', { label: choice.label }))];
}

/** The multi-select a reply names (reply_to), if it is one of this conversation's. */
async function answeredMulti(ctx: BotContext, replyTo: string | undefined): Promise<StoredBotMessage | undefined> {
  if (replyTo === undefined) return undefined;
  const rows = await ctx.db.query<StoredBotMessage>(
    `SELECT payload, created_at FROM messages WHERE user_uuid = $1 AND bot_uuid = $2 AND sender = 'bot' AND type = 'multi_select_button' AND message_id = $3`,
    [ctx.userUuid, ctx.botUuid, replyTo],
  );
  return rows[0];
}

async function answerMulti(ctx: BotContext, indices: readonly number[], custom: string | undefined, replyTo: string | undefined): Promise<BotReply[]> {
  // the labels of the picker answered (two may be open at once), else of the newest that has the index
  const named = await answeredMulti(ctx, replyTo);
  const labels: string[] = [];
  for (const i of indices) {
    const label = named ? named.payload.buttons?.find((b) => b.button_index === i)?.body : (await chosen(ctx, 'multi_select_button', i))?.label;
    labels.push(label ?? say(ctx.language, 'optionIndex', { index: i }));
  }
  const quoted = labels.map((l) => `“${l}”`).join(', ');
  return [text(custom !== undefined ? say(ctx.language, 'choseManyWrote', { labels: quoted, custom }) : say(ctx.language, 'choseMany', { labels: quoted }))];
}

function answerDate(d: DateValue, language: LanguageCode): BotReply[] {
  const when = `${d.day} ${labelsOf(language, 'months')[d.month - 1] ?? d.month} ${d.year}`;
  const iso = isoDate(d);
  const { min, max } = DATE_REQUEST.config ?? {};
  if ((min !== undefined && iso < min) || (max !== undefined && iso > max)) {
    return [text(say(language, 'pickedOutside', { when, min: min ?? '…', max: max ?? '…' }))];
  }
  return [text(say(language, 'picked', { when }))];
}

function answerForm(formId: string, values: Readonly<Record<string, string>>, language: LanguageCode): BotReply[] {
  const form = FORMS.map((f) => f(language)).find((f) => f.form_id === formId);
  const entries = Object.entries(values);
  if (entries.length === 0) return [text(say(language, 'emptyForm'))];
  const lines = entries.map(([id, value]) => `*${form?.fields.find((f) => f.id === id)?.label ?? id}*: ${value}`);
  const head = form ? say(language, 'formHas', { title: form.title }) : say(language, 'unknownFormHas');
  return [text(`${head}\n${lines.join('\n')}`)];
}

function normalise(command: string): string {
  return command.trim().toLowerCase().replace(/\s+/g, ' ');
}

async function answer(message: OutgoingMessage, ctx: BotContext): Promise<BotAnswer> {
  const { language } = ctx;
  const replies = await (async (): Promise<BotReply[]> => {
    switch (message.type) {
      case 'text': {
        const run = byName.get(normalise(message.text.body));
        if (run) return run(ctx);
        if (await awaitsTypedAnswer(ctx)) return [text(say(language, 'answered', { words: message.text.body.trim().slice(0, 200) }))];
        return [text(say(language, 'unknownCommand', { words: message.text.body.trim().slice(0, 60) }))];
      }
      case 'button_response': return answerChoice(ctx, message.button_index);
      case 'persistent_menu_response': {
        const choice = await chosen(ctx, 'persistent_menu', message.button_index);
        return [text(say(language, 'menuPicked', { label: choice?.label ?? say(language, 'optionIndex', { index: message.button_index }) }))];
      }
      case 'multi_select_button_response': return answerMulti(ctx, message.button_indices, message.custom_response, message.reply_to);
      case 'date': return answerDate(message.date, language);
      case 'location': {
        const address = message.location.address ? `, ${message.location.address}` : '';
        const where = message.location.type === 'CURRENT' ? 'gotCurrent' : 'gotPicked';
        return [text(say(language, where, { latitude: message.location.latitude, longitude: message.location.longitude, address }))];
      }
      case 'form_response': return answerForm(message.form_response.form_id, message.form_response.values, language);
      case 'image':
      case 'video':
      case 'audio':
      case 'document': {
        const name = message.media.name ? ` “${message.media.name}”` : '';
        const size = message.media.size !== undefined ? ` (${formatFileSize(message.media.size)})` : '';
        const got = ({ image: 'gotImage', video: 'gotVideo', audio: 'gotAudio', document: 'gotDocument' } as const)[message.type];
        return [text(say(language, got, { name, size }))];
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
  welcome: (language) => [text(say(language, 'welcome')), helpList(language)],
  answer,
};

/** The command names, in help order (tests and the README list them). */
export const SHOWCASE_COMMANDS: readonly string[] = COMMANDS.map(([name]) => name);

/** The help list's English description of each command (the completeness test reads it). */
export const SHOWCASE_DESCRIPTIONS: ReadonlyMap<string, string> = new Map(COMMANDS.map(([name, description]) => [name, description]));
