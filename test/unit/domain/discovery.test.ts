import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RECENT_SEARCHES, NEW_BOT_MAX_AGE_MS } from '../../../src/domain/constants';
import { ALL_CATEGORIES, filterByCategory, isNewBot, localSearch, normaliseKeyword, searchKey, pushRecentSearch, searchLists, withoutHidden } from '../../../src/domain/discovery';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 24 * 3600_000;

describe('the new-bot rule (spec part 1 §3, §9: under 15 days)', () => {
  it('is new under 15 days, not at or after', () => {
    expect(NEW_BOT_MAX_AGE_MS).toBe(15 * DAY);
    expect(isNewBot(NOW, NOW)).toBe(true);
    expect(isNewBot(NOW - 14 * DAY, NOW)).toBe(true);
    expect(isNewBot(NOW - 15 * DAY + 1, NOW)).toBe(true);
    expect(isNewBot(NOW - 15 * DAY, NOW)).toBe(false);
    expect(isNewBot(NOW - 200 * DAY, NOW)).toBe(false);
  });
  it('counts a launch announced for later as new', () => {
    expect(isNewBot(NOW + DAY, NOW)).toBe(true);
  });
});

describe('search lists (spec part 1 §5)', () => {
  const items = [
    { type: 'bot', name: 'Quiz Champ' },
    { type: 'mini-app', name: 'Live Quiz' },
    { type: 'mini-app', name: 'Competition Zone' },
    { type: 'mini-app', name: 'competition zone ' },
    { type: 'mini-app', name: 'Rewards' },
    { type: 'feed', name: 'A post' },
    { type: 'bot', name: 'Kisan Mitra' },
  ];
  it('keeps only type bot in bots, in order', () => {
    expect(searchLists(items).bots.map((i) => i.name)).toEqual(['Quiz Champ', 'Kisan Mitra']);
  });
  it('keeps type mini-app in mini apps except Competition Zone and Live Quiz (any case)', () => {
    expect(searchLists(items).miniApps.map((i) => i.name)).toEqual(['Rewards']);
  });
  it('keeps Competition Zone and Live Quiz found, in the quizzes and competitions (issue 11)', () => {
    expect(searchLists(items).contests.map((i) => i.name.toLocaleLowerCase('en'))).toEqual(expect.arrayContaining(['live quiz']));
  });
  it('puts other types in no list', () => {
    const { bots, miniApps, contests } = searchLists(items);
    expect([...bots, ...miniApps, ...contests].some((i) => i.type === 'feed')).toBe(false);
  });
});

describe('recent searches (spec part 1 §2, §9: up to 10)', () => {
  it('puts the newest first and moves a repeated search to the front (any case)', () => {
    let list: string[] = [];
    for (const k of ['quiz', 'farming', 'news', 'Quiz']) list = pushRecentSearch(list, k);
    expect(list).toEqual(['Quiz', 'news', 'farming']);
  });
  it('keeps at most 10', () => {
    let list: string[] = [];
    for (let i = 0; i < 15; i++) list = pushRecentSearch(list, `k${i}`);
    expect(MAX_RECENT_SEARCHES).toBe(10);
    expect(list).toEqual(['k14', 'k13', 'k12', 'k11', 'k10', 'k9', 'k8', 'k7', 'k6', 'k5']);
  });
  it('ignores blank keywords and trims', () => {
    expect(pushRecentSearch(['a'], '   ')).toEqual(['a']);
    expect(pushRecentSearch([], '  kisan   mitra ')).toEqual(['kisan mitra']);
    expect(normaliseKeyword(' a \n b ')).toBe('a b');
  });
  it('property: bounded, unique without case, newest first', () => {
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 40 }), (keywords) => {
      let list: string[] = [];
      for (const k of keywords) list = pushRecentSearch(list, k);
      expect(list.length).toBeLessThanOrEqual(MAX_RECENT_SEARCHES);
      expect(new Set(list.map((s) => s.toLocaleLowerCase())).size).toBe(list.length);
      const last = [...keywords].reverse().find((k) => normaliseKeyword(k) !== '');
      if (last !== undefined) expect(list[0]).toBe(normaliseKeyword(last));
      else expect(list).toEqual([]);
    }));
  });
});

describe('category filter', () => {
  const bots = [{ category: 'education', n: 1 }, { category: 'health', n: 2 }, { category: 'education', n: 3 }];
  it('All keeps everything', () => {
    expect(filterByCategory(bots, ALL_CATEGORIES)).toEqual(bots);
  });
  it('a category keeps its bots, in order', () => {
    expect(filterByCategory(bots, 'education').map((b) => b.n)).toEqual([1, 3]);
    expect(filterByCategory(bots, 'games')).toEqual([]);
  });
});

describe('offline search', () => {
  const bots = [
    { name: 'Kisan Mitra', description: 'Mandi prices', category: 'farming' },
    { name: 'Vidya Tutor', description: 'Maths practice', category: 'education' },
  ];
  it('matches name, description or category in any case, also the category\'s shown name', () => {
    expect(localSearch(bots, 'KISAN').map((b) => b.name)).toEqual(['Kisan Mitra']);
    expect(localSearch(bots, 'maths').map((b) => b.name)).toEqual(['Vidya Tutor']);
    expect(localSearch(bots, 'farm').map((b) => b.name)).toEqual(['Kisan Mitra']);
    expect(localSearch(bots, 'शिक्षा', (id) => (id === 'education' ? 'शिक्षा' : id)).map((b) => b.name)).toEqual(['Vidya Tutor']);
    expect(localSearch(bots, '  ')).toEqual([]);
  });
  it('ignores accents and the nukta, not the vowel signs', () => {
    expect(localSearch(bots, 'kisán').map((b) => b.name)).toEqual(['Kisan Mitra']);
    expect(searchKey('ख़बर')).toBe(searchKey('खबर'));
    expect(searchKey('किसान')).not.toBe(searchKey('कसान'));
    expect(searchKey('  Kisan   MITRA ')).toBe('kisan mitra');
  });
});

describe('hidden bots (spec part 1 §3)', () => {
  it('leaves out the remote hidden list', () => {
    const list = [{ bot_uuid: '1' }, { bot_uuid: '2' }, { bot_uuid: '3' }];
    expect(withoutHidden(list, ['2'])).toEqual([{ bot_uuid: '1' }, { bot_uuid: '3' }]);
    expect(withoutHidden(list, [])).toEqual(list);
  });
});
