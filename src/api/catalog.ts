// Wire shapes of a bot's catalogue (spec part 2 §3 "Catalogue", "Cart product"): products with a
// price in minor units, the most one cart may hold, customisation steps and the suggested choices
// that seed the customisation view. Plain types: the server answers them, the app keeps them.
import type { Money } from './messages';

export interface CatalogOption { id: string; name: string; price: Money }

export interface CatalogCustomization {
  id: string;
  name: string;
  /** radio: one option of the group; checkbox: any number. */
  type: 'radio' | 'checkbox';
  /** A radio customisation that must be chosen (e.g. the box size). */
  required: boolean;
  options: readonly CatalogOption[];
}

export interface CatalogStep { id: string; name: string; customizations: readonly CatalogCustomization[] }

export interface CatalogProduct {
  id: string;
  name: string;
  description: string;
  /** One unit without customisations. */
  price: Money;
  max_quantity_allowed: number;
  customization_steps: readonly CatalogStep[];
  /** The choices the customisation view starts with (spec part 2 §4). */
  suggested_customizations?: readonly { id: string; value: string }[];
}

export interface Catalog { catalog_id: string; name: string; products: readonly CatalogProduct[] }

/** get-catalog's answer: one catalogue, each product with its steps_hash, and the bot's list of catalogues. */
export interface CatalogAnswer {
  bot_uuid: string;
  catalog_id: string;
  name: string;
  products: (CatalogProduct & { steps_hash: string })[];
  catalogs: { catalog_id: string; name: string }[];
}
