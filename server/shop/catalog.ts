// The demo shop's catalogue (spec part 2 §3 "Catalogue"): products with a price in minor units
// (paise, INR), the most one cart may hold (max_quantity_allowed) and, for some, customisation
// steps. A step groups customisations; each customisation has options with an id, a name and
// what the option adds to one unit's price. A radio customisation takes one option, a checkbox
// one takes several; a required one needs one (spec part 2 §5). Plain data, checked at start.
import type { Catalog, CatalogProduct } from '../../src/api/catalog';
import type { Money } from '../../src/api/contract';
import { SHOP_BOT_ID, SHOWCASE_BOT_ID } from '../bots/bot-types';
import { botMediaRef } from '../media/bot-media';

export type { Catalog, CatalogCustomization, CatalogOption, CatalogProduct, CatalogStep } from '../../src/api/catalog';

const inr = (rupees: number): Money => ({ price: Math.round(rupees * 100), currency: 'INR' });

const SAATHI_GROCERY: Catalog = {
  catalog_id: 'saathi-grocery',
  name: 'Saathi Kirana',
  products: [
    {
      id: 'toor-dal-1kg',
      name: 'Tata Sampann Unpolished Toor Dal, 1 kg',
      description: 'Unpolished arhar dal, rich in protein.',
      image: botMediaRef('productDal'),
      price: inr(189),
      max_quantity_allowed: 5,
      customization_steps: [],
    },
    {
      id: 'chakki-atta-5kg',
      name: 'Aashirvaad Shudh Chakki Atta, 5 kg',
      description: 'Whole wheat flour for soft rotis.',
      image: botMediaRef('productAtta'),
      price: inr(285),
      max_quantity_allowed: 3,
      customization_steps: [],
    },
    {
      id: 'aloo-bhujia-400g',
      name: "Haldiram's Aloo Bhujia, 400 g",
      description: 'Crisp potato and gram flour sev.',
      image: botMediaRef('productBhujia'),
      price: inr(110),
      max_quantity_allowed: 10,
      customization_steps: [],
    },
    {
      id: 'amul-butter-500g',
      name: 'Amul Pasteurised Butter, 500 g',
      description: 'Salted table butter.',
      image: botMediaRef('productButter'),
      price: inr(285),
      max_quantity_allowed: 4,
      customization_steps: [],
    },
    {
      id: 'parle-g-800g',
      name: 'Parle-G Original Glucose Biscuits, 800 g',
      description: 'The family pack.',
      image: botMediaRef('productBiscuits'),
      price: inr(90),
      max_quantity_allowed: 10,
      customization_steps: [],
    },
    {
      id: 'kaju-katli-box',
      name: 'Kaju Katli Gift Box',
      description: 'Cashew fudge with silver varq, packed fresh.',
      image: botMediaRef('productKaju'),
      price: inr(320),
      max_quantity_allowed: 6,
      suggested_customizations: [{ id: 'size', value: 'g500' }, { id: 'wrap', value: 'festive' }],
      customization_steps: [
        {
          id: 'box',
          name: 'Choose your box',
          customizations: [
            {
              id: 'size',
              name: 'Box size',
              type: 'radio',
              required: true,
              options: [
                { id: 'g250', name: '250 g', price: inr(0) },
                { id: 'g500', name: '500 g', price: inr(300) },
                { id: 'kg1', name: '1 kg', price: inr(880) },
              ],
            },
          ],
        },
        {
          id: 'extras',
          name: 'Make it a gift',
          customizations: [
            {
              id: 'wrap',
              name: 'Gift wrap',
              type: 'radio',
              required: false,
              options: [
                { id: 'festive', name: 'Festive paper', price: inr(30) },
                { id: 'potli', name: 'Cloth potli', price: inr(60) },
              ],
            },
            {
              id: 'add_ons',
              name: 'Add-ons',
              type: 'checkbox',
              required: false,
              options: [
                { id: 'greeting_card', name: 'Greeting card', price: inr(20) },
                { id: 'diya_pair', name: 'Pair of clay diyas', price: inr(49) },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/**
 * The catalogues of each bot; a bot not listed has none (its cart can only be empty). The
 * Showcase sells the same goods, so that its product, catalogue and cart messages and its "View
 * cart" buttons open a catalogue and a cart of its own (a catalogue link names the bot that sent it).
 */
let catalogs: ReadonlyMap<string, readonly Catalog[]> | undefined;

// Built on first use, not when the module loads: the bot registry imports this module for the
// shop's welcome, and the bot ids come from the registry (a module cycle, harmless when late).
const catalogTable = (): ReadonlyMap<string, readonly Catalog[]> =>
  (catalogs ??= new Map([[SHOP_BOT_ID, [SAATHI_GROCERY]], [SHOWCASE_BOT_ID, [SAATHI_GROCERY]]]));

export function catalogsOf(botUuid: string): readonly Catalog[] {
  return catalogTable().get(botUuid) ?? [];
}

/** The product of the bot's catalogue, or undefined (unknown bot, catalogue or product). */
export function findProduct(botUuid: string, catalogId: string, productId: string): CatalogProduct | undefined {
  return catalogsOf(botUuid).find((c) => c.catalog_id === catalogId)?.products.find((p) => p.id === productId);
}

/** Throws when a catalogue breaks its own rules (duplicate ids, a bad price or limit); run at start. */
export function checkCatalogs(): void {
  for (const [bot, list] of catalogTable()) {
    const catalogIds = new Set<string>();
    for (const catalog of list) {
      const where = `bot ${bot} catalogue ${catalog.catalog_id}`;
      if (catalogIds.has(catalog.catalog_id)) throw new Error(`${where}: duplicate catalogue id`);
      catalogIds.add(catalog.catalog_id);
      const productIds = new Set<string>();
      for (const p of catalog.products) {
        if (productIds.has(p.id)) throw new Error(`${where}: duplicate product ${p.id}`);
        productIds.add(p.id);
        if (!Number.isInteger(p.price.price) || p.price.price < 0) throw new Error(`${where}: ${p.id} has a bad price`);
        if (!Number.isInteger(p.max_quantity_allowed) || p.max_quantity_allowed < 1) throw new Error(`${where}: ${p.id} has a bad max_quantity_allowed`);
        const customizationIds = new Set<string>();
        for (const step of p.customization_steps) {
          for (const c of step.customizations) {
            if (customizationIds.has(c.id)) throw new Error(`${where}: ${p.id} has customisation ${c.id} twice`);
            customizationIds.add(c.id);
            if (c.options.length === 0 || new Set(c.options.map((o) => o.id)).size !== c.options.length) {
              throw new Error(`${where}: ${p.id} customisation ${c.id} has no options or duplicate ones`);
            }
            if (c.required && c.type !== 'radio') throw new Error(`${where}: ${p.id} customisation ${c.id}: only radio ones can be required`);
          }
        }
        const all = p.customization_steps.flatMap((s) => s.customizations);
        for (const choice of p.suggested_customizations ?? []) {
          const c = all.find((x) => x.id === choice.id);
          if (!c?.options.some((o) => o.id === choice.value)) throw new Error(`${where}: ${p.id} suggests ${choice.id}=${choice.value}, which it does not offer`);
        }
        for (const c of all) {
          const suggested = (p.suggested_customizations ?? []).filter((x) => x.id === c.id).length;
          if (c.type === 'radio' && suggested > 1) throw new Error(`${where}: ${p.id} suggests two options of radio ${c.id}`);
        }
      }
    }
  }
}
