// MessageId (src/i18n/load-messages.ts) is the union of en.json's ids: the screens' t() takes only
// those, so a misspelt id fails `tsc` (the @ts-expect-error lines below fail it if it did not).
import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/messages/en.json';
import type { MessageId } from '../../../src/i18n/load-messages';
import type { Translate } from '../../../src/screens/shared/use-t';

describe('MessageId', () => {
  it("is en.json's ids, so t() refuses a misspelt one", () => {
    const seen: string[] = [];
    const t: Translate = (id) => (seen.push(id), en[id]);
    expect(t('common.back')).toBe(en['common.back']);
    // @ts-expect-error a misspelt id is a type error
    t('common.bakc');
    // @ts-expect-error so is any string that is not an id
    const _id: MessageId = 'settings.media.' as string;
    expect(seen).toEqual(['common.back', 'common.bakc']);
  });
});
