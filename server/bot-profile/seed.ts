// Demo content of the bot profiles: FAQs, a subscriber and rating baseline, report reasons, and
// reviews with votes written by a few demo users (users who never sign in: their mobiles are in
// a range no test or person uses, +91 0000 0001xx). Seeded at every start, idempotently: rows are
// keyed by fixed ids, and what users wrote since is left alone.
import type { Db } from '../db/db';
import type { Translations } from '../http/language';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../bots/bot-types';

interface DemoUser { user_uuid: string; mobile: string; name: string }

export const DEMO_REVIEWERS: readonly DemoUser[] = [
  { user_uuid: '00000000-0000-4000-8000-000000000101', mobile: '+910000000101', name: 'Asha' },
  { user_uuid: '00000000-0000-4000-8000-000000000102', mobile: '+910000000102', name: 'Ravi' },
  { user_uuid: '00000000-0000-4000-8000-000000000103', mobile: '+910000000103', name: 'Meena' },
  { user_uuid: '00000000-0000-4000-8000-000000000104', mobile: '+910000000104', name: 'Imran' },
  { user_uuid: '00000000-0000-4000-8000-000000000105', mobile: '+910000000105', name: 'Lakshmi' },
];

/**
 * Report reasons (spec part 1 §7 get-report-reason-list), in the order they are listed; in the
 * other languages in REPORT_REASON_TEXTS.
 */
export const REPORT_REASONS: readonly { reason_uuid: string; reason: string }[] = [
  { reason_uuid: '00000000-0000-4000-9000-000000000001', reason: 'Spam or too many messages' },
  { reason_uuid: '00000000-0000-4000-9000-000000000002', reason: 'Offensive or abusive content' },
  { reason_uuid: '00000000-0000-4000-9000-000000000003', reason: 'Misleading or false information' },
  { reason_uuid: '00000000-0000-4000-9000-000000000004', reason: 'Asks for money or personal details' },
  { reason_uuid: '00000000-0000-4000-9000-000000000005', reason: 'Something else' },
];

/** By reason_uuid: the reasons in Hindi, Gujarati, Marathi and Telugu (answered by the `language` header). */
export const REPORT_REASON_TEXTS: Readonly<Record<string, Translations>> = {
  '00000000-0000-4000-9000-000000000001': { hi: 'स्पैम या बहुत ज़्यादा संदेश', gu: 'સ્પામ અથવા બહુ વધારે સંદેશા', mr: 'स्पॅम किंवा खूप जास्त संदेश', te: 'స్పామ్ లేదా మరీ ఎక్కువ సందేశాలు' },
  '00000000-0000-4000-9000-000000000002': { hi: 'आपत्तिजनक या अपमानजनक सामग्री', gu: 'વાંધાજનક અથવા અપમાનજનક સામગ્રી', mr: 'आक्षेपार्ह किंवा अपमानास्पद मजकूर', te: 'అభ్యంతరకరమైన లేదా దూషణాత్మక విషయం' },
  '00000000-0000-4000-9000-000000000003': { hi: 'भ्रामक या झूठी जानकारी', gu: 'ભ્રામક અથવા ખોટી માહિતી', mr: 'दिशाभूल करणारी किंवा खोटी माहिती', te: 'తప్పుదారి పట్టించే లేదా అబద్ధపు సమాచారం' },
  '00000000-0000-4000-9000-000000000004': { hi: 'पैसे या निजी जानकारी माँगता है', gu: 'પૈસા અથવા અંગત માહિતી માગે છે', mr: 'पैसे किंवा वैयक्तिक माहिती मागतो', te: 'డబ్బు లేదా వ్యక్తిగత వివరాలు అడుగుతుంది' },
  '00000000-0000-4000-9000-000000000005': { hi: 'कुछ और', gu: 'બીજું કંઈક', mr: 'दुसरे काही', te: 'ఇంకేదైనా' },
};

interface DemoProfile {
  bot_uuid: string;
  subscriber_base: number;
  /** ratings before any real user rated: their sum and count */
  rating_base: [sum: number, count: number];
  faqs: readonly [question: string, answer: string][];
  /** [review index, reviewer index, text, days ago, votes: reviewer index → vote] */
  reviews: readonly [number, number, string, number, Record<number, 1 | -1>][];
  ratings: Record<number, number>;
}

const DAY = 86_400_000;

export const DEMO_PROFILES: readonly DemoProfile[] = [
  {
    bot_uuid: ECHO_BOT_ID,
    subscriber_base: 12_480,
    rating_base: [1_712, 412],
    faqs: [
      ['What does Echo do?', 'Echo repeats every message you send, word for word, straight away. It is a simple way to see how chatting with a bot works.'],
      ['Can I send pictures to Echo?', 'No. Echo only answers text and button choices.'],
      ['Does Echo keep my messages?', 'Your conversation stays in your account so you can read it on any device you sign in on. You can archive or block Echo at any time.'],
      ['How do I stop notifications from Echo?', 'Open Echo\'s profile and choose Mute: for 8 hours, a week, or always.'],
    ],
    reviews: [
      [1, 0, 'Simple and quick. Good for trying the app the first time.', 12, { 1: 1, 2: 1, 3: 1 }],
      [2, 1, 'It only repeats what I say, but it answers instantly even on a slow network.', 7, { 0: 1, 4: -1 }],
      [3, 2, 'My children love it. Would be nice if it spoke Hindi too.', 3, { 0: 1, 1: 1, 3: -1, 4: 1 }],
      [4, 3, 'Not very useful after the first few minutes.', 1, { 2: -1 }],
    ],
    ratings: { 0: 5, 1: 4, 2: 4, 3: 2 },
  },
  {
    bot_uuid: SLOW_BOT_ID,
    subscriber_base: 860,
    rating_base: [248, 71],
    faqs: [
      ['Why is Slow echo slow?', 'It waits a couple of seconds on purpose, so you can see how the app shows a reply that comes later.'],
      ['Can I send photos?', 'Yes. Slow echo accepts pictures, videos, audio and documents.'],
    ],
    reviews: [
      [1, 4, 'Useful to test sending photos on a weak connection.', 20, { 0: 1, 2: 1 }],
      [2, 2, 'Takes its time, as promised.', 5, {}],
    ],
    ratings: { 4: 4, 2: 3 },
  },
  {
    bot_uuid: SHOP_BOT_ID,
    subscriber_base: 1_254_300,
    rating_base: [20_115, 4_630],
    faqs: [
      ['How do I order?', 'Open the catalogue from the chat, add products to your cart, then open the cart to check your order.'],
      ['Can I change the size or add extras?', 'Yes. Products with choices, such as the sweets boxes, ask for them before they go into your cart.'],
      ['Is there a limit on quantity?', 'Some products have a most you can order at once. The cart tells you when you reach it.'],
      ['Which payment methods are accepted?', 'UPI, cards and cash on delivery, where available in your area.'],
      ['How do I cancel an order?', 'Write "cancel" in the chat with your order number and Saathi Shop will help you.'],
    ],
    reviews: [
      [1, 1, 'Atta and dal delivered on time, prices are fair. The cart is easy to use.', 30, { 0: 1, 2: 1, 3: 1, 4: 1 }],
      [2, 0, 'Kaju katli box was fresh. Please add more sweets for Diwali!', 14, { 1: 1, 4: 1 }],
      [3, 3, 'App worked even when my network was bad; the order went through later.', 9, { 0: 1, 1: 1, 2: -1 }],
      [4, 4, 'Delivery was late once, but support helped quickly.', 4, { 3: -1 }],
      [5, 2, 'Good range of snacks. I wish there were more offers.', 2, {}],
    ],
    ratings: { 0: 5, 1: 5, 2: 4, 3: 4, 4: 3 },
  },
];

/** A fixed review id per bot and review number, so a restart finds the same rows. */
export function demoReviewUuid(botUuid: string, n: number): string {
  return `00000000-0000-4000-a${botUuid.slice(-3)}-${String(n).padStart(12, '0')}`;
}

export async function seedBotProfiles(db: Db, now: number): Promise<void> {
  const known = new Set((await db.query<{ bot_uuid: string }>('SELECT bot_uuid FROM bots')).map((r) => r.bot_uuid));
  await db.transaction(async (tx) => {
    for (const u of DEMO_REVIEWERS) {
      await tx.query(
        `INSERT INTO users (user_uuid, mobile, country_code, name, language, created_at, updated_at)
         VALUES ($1, $2, 'IN', $3, 'en', $4, $4) ON CONFLICT DO NOTHING`,
        [u.user_uuid, u.mobile, u.name, now],
      );
    }
    for (const [i, r] of REPORT_REASONS.entries()) {
      await tx.query('INSERT INTO report_reasons (reason_uuid, position, reason) VALUES ($1, $2, $3) ON CONFLICT (reason_uuid) DO UPDATE SET position = $2, reason = $3', [r.reason_uuid, i, r.reason]);
    }
    for (const p of DEMO_PROFILES) {
      if (!known.has(p.bot_uuid)) continue;
      await tx.query(
        `INSERT INTO bot_profiles (bot_uuid, subscriber_base, rating_base_sum, rating_base_count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (bot_uuid) DO UPDATE SET subscriber_base = $2, rating_base_sum = $3, rating_base_count = $4`,
        [p.bot_uuid, p.subscriber_base, p.rating_base[0], p.rating_base[1]],
      );
      await tx.query('DELETE FROM bot_faqs WHERE bot_uuid = $1', [p.bot_uuid]);
      for (const [i, [question, answer]] of p.faqs.entries()) {
        await tx.query('INSERT INTO bot_faqs (bot_uuid, position, question, answer) VALUES ($1, $2, $3, $4)', [p.bot_uuid, i, question, answer]);
      }
      for (const [who, rating] of Object.entries(p.ratings)) {
        await tx.query('INSERT INTO bot_ratings (user_uuid, bot_uuid, rating, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [DEMO_REVIEWERS[Number(who)]!.user_uuid, p.bot_uuid, rating, now]);
      }
      for (const [n, author, text, daysAgo, votes] of p.reviews) {
        const id = demoReviewUuid(p.bot_uuid, n);
        const at = now - daysAgo * DAY;
        await tx.query(
          'INSERT INTO bot_reviews (review_uuid, bot_uuid, user_uuid, review, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING',
          [id, p.bot_uuid, DEMO_REVIEWERS[author]!.user_uuid, text, at],
        );
        for (const [voter, vote] of Object.entries(votes)) {
          await tx.query('INSERT INTO review_votes (review_uuid, user_uuid, vote) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, DEMO_REVIEWERS[Number(voter)]!.user_uuid, vote]);
        }
      }
    }
  });
}
