import { expect, test } from 'vitest';
import { MAX_COLLECTIONS, collectionCreators } from '../../../src/db/schemas';

// DESIGN.md §3: the open-source RxDB opens at most 13 collections per realm without delay.
test('the database declares at most 12 collections', () => {
  expect(MAX_COLLECTIONS).toBe(12);
  expect(Object.keys(collectionCreators).length).toBeLessThanOrEqual(MAX_COLLECTIONS);
});
