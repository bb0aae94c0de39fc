// The demo data behind discovery (spec part 1 §3 "Discovery page"): bots across categories,
// each with a description, a category, when it was launched (some under 15 days ago, so the
// "New" badge shows) and a base subscriber count; the mini apps (two of them named Competition
// Zone and Live Quiz, which the app leaves out of search lists); the banners and the categories.
// The bots are also real bots: registry.ts spreads DISCOVERY_BOTS into DEMO_BOTS, so they are
// seeded, subscribable and answer messages like the other demo bots. Each holds a conversation
// with buttons, in the user's language, from its script (conversation.ts: decision trees in
// trees.ts and trees-more.ts, quizzes in quizzes.ts, Word Puzzle's game in word-game.ts).
import { scriptedBot, quizScript, treeScript, type Script } from './conversation';
import type { BotState } from '../bots/bot-state';
import type { BotDefinition } from '../bots/bot-types';
import { ENGLISH_GURU_QUIZ, QUIZ_CHAMP_QUIZ, VIDYA_TUTOR_QUIZ } from './quizzes';
import { KISAN_MITRA_TREE } from './trees';
import { BAZAAR_DEALS_TREE, KHABAR_EXPRESS_TREE, PASHU_CARE_TREE, SARKARI_SEVA_TREE, SWASTHYA_SAATHI_TREE, YOGA_DAILY_TREE } from './trees-more';
import { WORD_GAME } from './word-game';

const DAY_MS = 24 * 3600_000;

export interface CategoryDef { category_id: string; name: string }

/** In the order the category chips show (after All). */
export const CATEGORIES: readonly CategoryDef[] = [
  { category_id: 'education', name: 'Education' },
  { category_id: 'health', name: 'Health' },
  { category_id: 'farming', name: 'Farming' },
  { category_id: 'news', name: 'News' },
  { category_id: 'shopping', name: 'Shopping' },
  { category_id: 'games', name: 'Games' },
  { category_id: 'government', name: 'Government services' },
];

export interface DiscoveryMeta {
  category: string;
  /** days before the server's start at which the bot was launched */
  launchedDaysAgo: number;
  subscriberBase: number;
  /** shown in the featured icons row */
  featured: boolean;
}

export type DiscoveryBotDefinition = BotDefinition & { discovery: DiscoveryMeta };

/** A discovery bot that holds the conversation of its script (conversation.ts). */
function scripted<S extends BotState>(def: {
  id: string; name: string; description: string; icon: string; script: Script<S>; meta: DiscoveryMeta;
}): DiscoveryBotDefinition {
  return {
    bot_uuid: def.id,
    name: def.name,
    description: def.description,
    icon: def.icon,
    suggested: false,
    config: { allow_user_media: false },
    ...scriptedBot(def.script),
    discovery: def.meta,
  };
}

export const VIDYA_TUTOR_ID = '1000000000000101';
export const KISAN_MITRA_ID = '1000000000000103';
export const QUIZ_CHAMP_ID = '1000000000000106';

export const DISCOVERY_BOTS: readonly DiscoveryBotDefinition[] = [
  scripted({
    id: VIDYA_TUTOR_ID, name: 'Vidya Tutor', icon: '/icons/bots/vidya-tutor.svg',
    description: 'Daily maths and science practice for classes 6 to 10.',
    script: quizScript(VIDYA_TUTOR_QUIZ),
    meta: { category: 'education', launchedDaysAgo: 5, subscriberBase: 48_200, featured: true },
  }),
  scripted({
    id: '1000000000000102', name: 'Swasthya Saathi', icon: '/icons/bots/swasthya-saathi.svg',
    description: 'Health tips, nearby clinics and vaccination reminders.',
    script: treeScript(SWASTHYA_SAATHI_TREE),
    meta: { category: 'health', launchedDaysAgo: 40, subscriberBase: 212_000, featured: true },
  }),
  scripted({
    id: KISAN_MITRA_ID, name: 'Kisan Mitra', icon: '/icons/bots/kisan-mitra.svg',
    description: 'Mandi prices, weather and crop advice for farmers.',
    script: treeScript(KISAN_MITRA_TREE),
    meta: { category: 'farming', launchedDaysAgo: 120, subscriberBase: 1_240_000, featured: true },
  }),
  scripted({
    id: '1000000000000104', name: 'Khabar Express', icon: '/icons/bots/khabar-express.svg',
    description: 'Top headlines in short, every morning and evening.',
    script: treeScript(KHABAR_EXPRESS_TREE),
    meta: { category: 'news', launchedDaysAgo: 3, subscriberBase: 9_800, featured: true },
  }),
  scripted({
    id: '1000000000000105', name: 'Bazaar Deals', icon: '/icons/bots/bazaar-deals.svg',
    description: 'Today\'s best offers from shops near you.',
    script: treeScript(BAZAAR_DEALS_TREE),
    meta: { category: 'shopping', launchedDaysAgo: 60, subscriberBase: 75_300, featured: false },
  }),
  scripted({
    id: QUIZ_CHAMP_ID, name: 'Quiz Champ', icon: '/icons/bots/quiz-champ.svg',
    description: 'Quick quizzes on cricket, films and general knowledge: beat your best score.',
    script: quizScript(QUIZ_CHAMP_QUIZ),
    meta: { category: 'games', launchedDaysAgo: 10, subscriberBase: 31_000, featured: true },
  }),
  scripted({
    id: '1000000000000107', name: 'Sarkari Seva', icon: '/icons/bots/sarkari-seva.svg',
    description: 'Government schemes, the documents you need and where to apply.',
    script: treeScript(SARKARI_SEVA_TREE),
    meta: { category: 'government', launchedDaysAgo: 200, subscriberBase: 530_000, featured: false },
  }),
  scripted({
    id: '1000000000000108', name: 'English Guru', icon: '/icons/bots/english-guru.svg',
    description: 'Learn spoken English, five minutes a day.',
    script: quizScript(ENGLISH_GURU_QUIZ),
    meta: { category: 'education', launchedDaysAgo: 90, subscriberBase: 402_000, featured: false },
  }),
  scripted({
    id: '1000000000000109', name: 'Yoga Daily', icon: '/icons/bots/yoga-daily.svg',
    description: 'A short yoga routine each morning, with breathing exercises.',
    script: treeScript(YOGA_DAILY_TREE),
    meta: { category: 'health', launchedDaysAgo: 14, subscriberBase: 18_500, featured: false },
  }),
  scripted({
    id: '1000000000000110', name: 'Pashu Care', icon: '/icons/bots/pashu-care.svg',
    description: 'Care for cows, goats and poultry: feeding, vaccines and vets nearby.',
    script: treeScript(PASHU_CARE_TREE),
    meta: { category: 'farming', launchedDaysAgo: 30, subscriberBase: 64_000, featured: false },
  }),
  scripted({
    id: '1000000000000111', name: 'Word Puzzle', icon: '/icons/bots/word-puzzle.svg',
    description: 'A new word game every day: guess the word in six tries.',
    script: WORD_GAME,
    meta: { category: 'games', launchedDaysAgo: 45, subscriberBase: 27_400, featured: false },
  }),
];

export interface MiniAppDef {
  mini_app_uuid: string;
  name: string;
  description: string;
  icon: string;
  category: string;
  path: string;
}

export const COMPETITION_ZONE_ID = '2000000000000001';
export const LIVE_QUIZ_ID = '2000000000000002';

export const MINI_APPS: readonly MiniAppDef[] = [
  { mini_app_uuid: COMPETITION_ZONE_ID, name: 'Competition Zone', description: 'Join competitions and win prizes.', icon: '/icons/mini-apps/competition-zone.svg', category: 'games', path: '/competition-zone' },
  { mini_app_uuid: LIVE_QUIZ_ID, name: 'Live Quiz', description: 'A live quiz every evening at 8.', icon: '/icons/mini-apps/live-quiz.svg', category: 'games', path: '/live-quiz' },
  { mini_app_uuid: '2000000000000003', name: 'Rewards', description: 'Collect coins and redeem rewards.', icon: '/icons/mini-apps/rewards.svg', category: 'shopping', path: '/rewards' },
  { mini_app_uuid: '2000000000000004', name: 'Skills Corner', description: 'Short courses for new skills.', icon: '/icons/mini-apps/skills-corner.svg', category: 'education', path: '/skills-corner' },
  { mini_app_uuid: '2000000000000005', name: 'Digital Class', description: 'Video lessons for school subjects.', icon: '/icons/mini-apps/digital-class.svg', category: 'education', path: '/digital-class' },
  { mini_app_uuid: '2000000000000006', name: 'Memory Match', description: 'Match the cards, train your memory.', icon: '/icons/mini-apps/memory-match.svg', category: 'games', path: '/memory-match' },
];

export interface BannerDef { banner_uuid: string; image: string; title: string; deeplink: string }

export const BANNERS: readonly BannerDef[] = [
  { banner_uuid: 'banner-vidya', image: '/images/banners/learn.svg', title: 'Practise maths every day with Vidya Tutor', deeplink: `/chat/${VIDYA_TUTOR_ID}` },
  { banner_uuid: 'banner-kisan', image: '/images/banners/farm.svg', title: 'Mandi prices and weather with Kisan Mitra', deeplink: `/chat/${KISAN_MITRA_ID}` },
  { banner_uuid: 'banner-quiz', image: '/images/banners/quiz.svg', title: 'New: play Quiz Champ and beat your best score', deeplink: `/chat/${QUIZ_CHAMP_ID}` },
];

/** When a bot was launched, relative to the server's start (so the demo always has new bots). */
export const launchTimeOf = (meta: DiscoveryMeta, startedAt: number) => startedAt - meta.launchedDaysAgo * DAY_MS;
