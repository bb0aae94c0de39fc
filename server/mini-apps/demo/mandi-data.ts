// The mandi-prices demo backend's data: today's modal prices (₹ per quintal) of a few crops at a
// few markets, with crop and market names in the five languages, and the search over them.
type Names = { en: string; hi: string; gu: string; mr: string; te: string };
type Lang = keyof Names;

const CROPS: Record<string, Names> = {
  wheat: { en: 'Wheat', hi: 'गेहूँ', gu: 'ઘઉં', mr: 'गहू', te: 'గోధుమ' },
  onion: { en: 'Onion', hi: 'प्याज़', gu: 'ડુંગળી', mr: 'कांदा', te: 'ఉల్లిపాయ' },
  tomato: { en: 'Tomato', hi: 'टमाटर', gu: 'ટામેટા', mr: 'टोमॅटो', te: 'టమాటా' },
  cotton: { en: 'Cotton', hi: 'कपास', gu: 'કપાસ', mr: 'कापूस', te: 'పత్తి' },
  soybean: { en: 'Soybean', hi: 'सोयाबीन', gu: 'સોયાબીન', mr: 'सोयाबीन', te: 'సోయాబీన్' },
  groundnut: { en: 'Groundnut', hi: 'मूँगफली', gu: 'મગફળી', mr: 'भुईमूग', te: 'వేరుశనగ' },
  paddy: { en: 'Paddy', hi: 'धान', gu: 'ડાંગર', mr: 'भात', te: 'వరి' },
};

const MARKETS: Record<string, Names> = {
  lasalgaon: { en: 'Lasalgaon', hi: 'लासलगाँव', gu: 'લાસલગાંવ', mr: 'लासलगाव', te: 'లాసల్‌గావ్' },
  indore: { en: 'Indore', hi: 'इंदौर', gu: 'ઇન્દોર', mr: 'इंदूर', te: 'ఇండోర్' },
  rajkot: { en: 'Rajkot', hi: 'राजकोट', gu: 'રાજકોટ', mr: 'राजकोट', te: 'రాజ్‌కోట్' },
  guntur: { en: 'Guntur', hi: 'गुंटूर', gu: 'ગુંટુર', mr: 'गुंटूर', te: 'గుంటూరు' },
  karnal: { en: 'Karnal', hi: 'करनाल', gu: 'કરનાલ', mr: 'कर्नाल', te: 'కర్నాల్' },
};

const PRICES: readonly [crop: string, market: string, price: number][] = [
  ['wheat', 'karnal', 2425], ['wheat', 'indore', 2390], ['onion', 'lasalgaon', 1850], ['onion', 'indore', 1720],
  ['tomato', 'lasalgaon', 1400], ['tomato', 'guntur', 1250], ['cotton', 'rajkot', 7150], ['cotton', 'guntur', 7020],
  ['soybean', 'indore', 4480], ['groundnut', 'rajkot', 6300], ['paddy', 'guntur', 2300], ['paddy', 'karnal', 2320],
];

export interface PriceRow { crop: string; market: string; price_per_quintal: number }

/** Rows whose crop or market name (in English or the given language) contains the query. */
export function searchPrices(query: string, language: string): PriceRow[] {
  const lang: Lang = (['hi', 'gu', 'mr', 'te'] as const).find((l) => l === language) ?? 'en';
  const q = query.trim().toLocaleLowerCase();
  return PRICES
    .filter(([crop, market]) => {
      if (!q) return true;
      const names = [CROPS[crop]!.en, CROPS[crop]![lang], MARKETS[market]!.en, MARKETS[market]![lang]];
      return names.some((n) => n.toLocaleLowerCase().includes(q));
    })
    .map(([crop, market, price]) => ({ crop: CROPS[crop]![lang], market: MARKETS[market]![lang], price_per_quintal: price }));
}
