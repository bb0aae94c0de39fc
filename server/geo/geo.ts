// States (or regions, or provinces) and their cities for the supported countries, from the JSON
// files in server/data/geo/, read and checked once. Lists are answered sorted by name.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CityEntry, StateEntry } from '../../src/api/contract';
import { COUNTRY_ISOS, type CountryIso } from '../../src/domain/countries';

const GEO_DIR = fileURLToPath(new URL('../data/geo/', import.meta.url));

const fileSchema = z.object({
  country: z.enum(COUNTRY_ISOS),
  note: z.string().optional(),
  states: z.array(z.object({
    code: z.string().regex(/^[A-Z0-9]{1,16}$/),
    name: z.string().min(1),
    type: z.string().min(1),
    /** Codes this state had before (e.g. IN-TG before ISO's 2023 change to IN-TS), still accepted. */
    formerCodes: z.array(z.string().regex(/^[A-Z0-9]{1,16}$/)).optional(),
    cities: z.array(z.string().min(1)).min(1),
  }).strict()).min(1),
}).strict();

export interface GeoState {
  code: string;
  name: string;
  type: string;
  /** Sorted by name. */
  cities: readonly string[];
}

export interface CountryGeo {
  /** Sorted by name. */
  states: readonly GeoState[];
  /** The state with this code (or former code), case-insensitive. */
  state(code: string): GeoState | undefined;
  /** The city's name as listed, matched case-insensitively after trimming; undefined when not listed. */
  city(state: GeoState, name: string): string | undefined;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');
const key = (s: string) => s.trim().toLocaleLowerCase('en');

function load(iso: CountryIso): CountryGeo {
  const raw: unknown = JSON.parse(readFileSync(`${GEO_DIR}/${iso}.json`, 'utf8'));
  const file = fileSchema.parse(raw);
  if (file.country !== iso) throw new Error(`${iso}.json holds country ${file.country}`);
  const byCode = new Map<string, GeoState>();
  const citiesByState = new Map<GeoState, Map<string, string>>();
  const states = file.states
    .map((s) => {
      const cities = [...s.cities].sort(byName);
      const state: GeoState = { code: s.code, name: s.name, type: s.type, cities };
      const index = new Map<string, string>();
      for (const c of cities) {
        if (index.has(key(c))) throw new Error(`${iso}.json: city ${c} listed twice in ${s.name}`);
        index.set(key(c), c);
      }
      citiesByState.set(state, index);
      for (const code of [s.code, ...(s.formerCodes ?? [])]) {
        if (byCode.has(code)) throw new Error(`${iso}.json: state code ${code} used twice`);
        byCode.set(code, state);
      }
      return state;
    })
    .sort((a, b) => byName(a.name, b.name));
  return {
    states,
    state: (code) => byCode.get(code.trim().toUpperCase()),
    city: (state, name) => citiesByState.get(state)?.get(key(name)),
  };
}

const cache = new Map<CountryIso, CountryGeo>();

export function geoOf(iso: CountryIso): CountryGeo {
  let geo = cache.get(iso);
  if (!geo) {
    geo = load(iso);
    cache.set(iso, geo);
  }
  return geo;
}

/** Reads and checks every file now, so a broken file stops the server at start, not later. */
export function loadAllGeo(): void {
  for (const iso of COUNTRY_ISOS) geoOf(iso);
}

export const stateEntries = (iso: CountryIso): StateEntry[] => geoOf(iso).states.map((s) => ({ code: s.code, name: s.name }));
export const cityEntries = (state: GeoState): CityEntry[] => state.cities.map((name) => ({ name }));
