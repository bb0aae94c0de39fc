import { useMemo } from 'react';
import type { CatalogAnswer } from '../../api/catalog';
import { queuedActions$ } from '../action-queue';
import { visibleCart, withQueuedEdits, type VisibleCart } from '../cart-view';
import type { ActionDocOf } from '../schemas';
import { useLocalDoc } from './use-local-doc';
import { useRxQuery } from './use-rx-query';

const NONE: ActionDocOf<'cart-edit'>[] = [];

/** The bot's cart as the person sees it: the server's with the pending edits (src/db/cart-view.ts). */
export function useCart(botUuid: string): VisibleCart & { loaded: boolean } {
  const carts = useLocalDoc('carts');
  const edits = useLocalDoc('cart-edits');
  const catalogs = useLocalDoc('catalogs');
  // the queued edits are actions (kind 'cart-edit'); 'cart-edits' keeps the last refusal
  const queued = useRxQuery('cart-edits', (db) => queuedActions$(db, 'cart-edit'), NONE);
  return useMemo(() => ({
    ...visibleCart(carts.doc, withQueuedEdits(edits.doc, queued.value), catalogs.doc, botUuid),
    loaded: carts.loaded && edits.loaded && catalogs.loaded && queued.loaded,
  }), [carts, edits, catalogs, queued, botUuid]);
}

/** A stored catalogue of the bot (its default when no id), or null until one was read. */
export function useCatalog(botUuid: string, catalogId?: string): { catalog: (CatalogAnswer & { fetchedAt: number }) | null; loaded: boolean } {
  const catalogs = useLocalDoc('catalogs');
  return { catalog: catalogs.doc?.[`${botUuid}/${catalogId ?? ''}`] ?? null, loaded: catalogs.loaded };
}
