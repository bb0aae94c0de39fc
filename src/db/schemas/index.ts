// The collections of the database, one `<name>.schema.ts` file each. DESIGN.md §3: the open-source
// RxDB allows 13 open collections per realm, so this map stays at 12 or fewer (a unit test checks).
// Session, settings and status are local documents (local-docs.ts), not collections.
//
// To add a collection: write `<name>.schema.ts` exporting its RxJsonSchema (with indexes for every
// field a screen sorts or filters on) and its migration strategies, then add it to
// `collectionCreators` and `AppCollections` below.
import type { RxCollection, RxCollectionCreator } from 'rxdb/plugins/core';

export const MAX_COLLECTIONS = 12;

/** The collection map of the database. Empty until the chat issues add messages, conversations… */
export type AppCollections = Record<string, RxCollection>;

export const collectionCreators: Record<string, RxCollectionCreator> = {};
