import { useMemo } from 'react';
import type { CatalogAnswer } from '../../api/catalog';
import { visibleCart, type VisibleCart } from '../cart-view';
import { useLocalDoc } from './use-local-doc';

/** The bot's cart as the person sees it: the server's with the pending edits (src/db/cart-view.ts). */
export function useCart(botUuid: string): VisibleCart & { loaded: boolean } {
  const carts = useLocalDoc('carts');
  const edits = useLocalDoc('cart-edits');
  const catalogs = useLocalDoc('catalogs');
  return useMemo(() => ({
    ...visibleCart(carts.doc, edits.doc, catalogs.doc, botUuid),
    loaded: carts.loaded && edits.loaded && catalogs.loaded,
  }), [carts, edits, catalogs, botUuid]);
}

/** A stored catalogue of the bot (its default when no id), or null until one was read. */
export function useCatalog(botUuid: string, catalogId?: string): { catalog: (CatalogAnswer & { fetchedAt: number }) | null; loaded: boolean } {
  const catalogs = useLocalDoc('catalogs');
  return { catalog: catalogs.doc?.[`${botUuid}/${catalogId ?? ''}`] ?? null, loaded: catalogs.loaded };
}
