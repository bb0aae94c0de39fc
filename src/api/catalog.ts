// Wire shapes of a bot's catalogue (spec part 2 §3 "Catalogue", "Cart product"): products with a
// price in minor units, the most one cart may hold, customisation steps and the suggested choices
// that seed the customisation view. zod schemas with their types inferred (the app imports the
// types only).
import { z } from 'zod';
import { mediaRefSchema, moneySchema } from './messages';

export const catalogOptionSchema = z.object({ id: z.string(), name: z.string(), price: moneySchema });
export type CatalogOption = z.output<typeof catalogOptionSchema>;

export const catalogCustomizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** radio: one option of the group; checkbox: any number. */
  type: z.enum(['radio', 'checkbox']),
  /** A radio customisation that must be chosen (e.g. the box size). */
  required: z.boolean(),
  options: z.array(catalogOptionSchema).readonly(),
});
export type CatalogCustomization = z.output<typeof catalogCustomizationSchema>;

export const catalogStepSchema = z.object({ id: z.string(), name: z.string(), customizations: z.array(catalogCustomizationSchema).readonly() });
export type CatalogStep = z.output<typeof catalogStepSchema>;

export const catalogProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** One unit without customisations. */
  price: moneySchema,
  max_quantity_allowed: z.number(),
  /** The product's picture (a bot media file, fetched like any message media). */
  image: mediaRefSchema.optional(),
  customization_steps: z.array(catalogStepSchema).readonly(),
  /** The choices the customisation view starts with (spec part 2 §4). */
  suggested_customizations: z.array(z.object({ id: z.string(), value: z.string() })).readonly().optional(),
});
export type CatalogProduct = z.output<typeof catalogProductSchema>;

/** A catalogue as the server's data holds it. */
export interface Catalog { catalog_id: string; name: string; products: readonly CatalogProduct[] }

/** get-catalog's answer: one catalogue, each product with its steps_hash, and the bot's list of catalogues. */
export const catalogAnswerSchema = z.object({
  bot_uuid: z.string(),
  catalog_id: z.string(),
  name: z.string(),
  products: z.array(catalogProductSchema.extend({ steps_hash: z.string() })),
  catalogs: z.array(z.object({ catalog_id: z.string(), name: z.string() })),
});
export type CatalogAnswer = z.output<typeof catalogAnswerSchema>;
