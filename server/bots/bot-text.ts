// The demo bots' own texts in the app's other languages (spec part 1 §1: English, Hindi, Gujarati,
// Marathi, Telugu). English stays next to the code that writes it (registry.ts, showcase.ts,
// discovery/catalog.ts) in tables of ids; here are the helpers that pick a language, and the
// Echo, Slow echo and Saathi Shop texts in the other four languages, keyed by the same ids. Brand
// names (Saathi Shop, Echo...) stay as they are. Texts carry {name} placeholders that are filled
// after the language is picked, so the user's own words are never translated.
import { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES, type LanguageCode } from '../../src/domain/language-codes';
import type { Translations } from '../http/language';

export type OtherLanguage = Exclude<LanguageCode, 'en'>;
export const OTHER_LANGUAGES: readonly OtherLanguage[] = LANGUAGE_CODES.filter((c): c is OtherLanguage => c !== DEFAULT_LANGUAGE_CODE);

/** By id: the English text's translations. */
export type TextTable<K extends string> = Readonly<Record<K, Translations>>;
/** By id: a list of labels (button options...) in each other language, as many as in English. */
export type LabelTable<K extends string> = Readonly<Record<K, Readonly<Record<OtherLanguage, readonly string[]>>>>;

type Vars = Readonly<Record<string, string | number>>;

/** Fills the {name} placeholders of a text in one pass (a value is never scanned again). */
export function fill(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** A function that writes a text of `english` in a language, its placeholders filled. */
export function translator<K extends string>(english: Readonly<Record<K, string>>, table: TextTable<K>) {
  return (language: LanguageCode, id: K, vars?: Vars): string => fill(language === 'en' ? english[id] : table[id][language], vars);
}

/** A function that gives the labels of `english` in a language. */
export function labeller<K extends string>(english: Readonly<Record<K, readonly string[]>>, table: LabelTable<K>) {
  return (language: LanguageCode, id: K): readonly string[] => (language === 'en' ? english[id] : table[id][language]);
}

/** Echo, Slow echo and Saathi Shop, under the ids of registry.ts REGISTRY_TEXT (its translator checks each id is here). */
export const REGISTRY_TEXTS = {
  echoWelcome: {
    hi: 'नमस्ते! आप जो भी लिखें, मैं उसे दोहराता हूँ।',
    gu: 'નમસ્તે! તમે જે પણ લખો, તે હું ફરીથી લખું છું.',
    mr: 'नमस्कार! तुम्ही जे काही लिहाल, ते मी पुन्हा लिहितो.',
    te: 'నమస్కారం! మీరు ఏది రాసినా నేను అదే మళ్లీ రాస్తాను.',
  },
  echoPickOne: { hi: 'या इनमें से एक चुनें:', gu: 'અથવા એક પસંદ કરો:', mr: 'किंवा एक निवडा:', te: 'లేదా ఒకటి ఎంచుకోండి:' },
  echoOne: { hi: 'एक', gu: 'એક', mr: 'एक', te: 'ఒకటి' },
  echoTwo: { hi: 'दो', gu: 'બે', mr: 'दोन', te: 'రెండు' },
  choseOption: { hi: 'आपने विकल्प {index} चुना', gu: 'તમે વિકલ્પ {index} પસંદ કર્યો', mr: 'तुम्ही पर्याय {index} निवडला', te: 'మీరు ఎంపిక {index} ఎంచుకున్నారు' },
  choseLabel: { hi: 'आपने "{label}" चुना', gu: 'તમે "{label}" પસંદ કર્યું', mr: 'तुम्ही "{label}" निवडले', te: 'మీరు "{label}" ఎంచుకున్నారు' },
  choseOptions: { hi: 'आपने विकल्प {indices} चुने', gu: 'તમે વિકલ્પો {indices} પસંદ કર્યા', mr: 'तुम्ही पर्याय {indices} निवडले', te: 'మీరు ఎంపికలు {indices} ఎంచుకున్నారు' },
  pickedDate: { hi: 'आपने {day}/{month}/{year} चुना', gu: 'તમે {day}/{month}/{year} પસંદ કર્યું', mr: 'तुम्ही {day}/{month}/{year} निवडले', te: 'మీరు {day}/{month}/{year} ఎంచుకున్నారు' },
  sharedLocation: { hi: 'आपने {latitude}, {longitude} साझा किया', gu: 'તમે {latitude}, {longitude} શેર કર્યું', mr: 'तुम्ही {latitude}, {longitude} शेअर केले', te: 'మీరు {latitude}, {longitude} పంచుకున్నారు' },
  filledForm: { hi: 'आपने {count} फ़ील्ड भरे', gu: 'તમે {count} ખાનાં ભર્યાં', mr: 'तुम्ही {count} रकाने भरले', te: 'మీరు {count} ఖాళీలు నింపారు' },
  sentType: { hi: 'आपने एक {type} भेजा', gu: 'તમે એક {type} મોકલ્યું', mr: 'तुम्ही एक {type} पाठवले', te: 'మీరు ఒక {type} పంపారు' },
  slowWelcome: {
    hi: 'नमस्ते, मैं जवाब देने में अपना समय लेता हूँ।',
    gu: 'નમસ્તે, હું જવાબ આપવામાં મારો સમય લઉં છું.',
    mr: 'नमस्कार, मी उत्तर द्यायला माझा वेळ घेतो.',
    te: 'నమస్కారం, నేను జవాబు ఇవ్వడానికి కొంత సమయం తీసుకుంటాను.',
  },
  shopWelcome: {
    hi: 'नमस्ते! मैं Saathi Shop हूँ। दाल, आटा, नमकीन और मिठाइयाँ अपने कार्ट में डालने के लिए कैटलॉग खोलें।',
    gu: 'નમસ્તે! હું Saathi Shop છું. દાળ, લોટ, નાસ્તો અને મીઠાઈ તમારા કાર્ટમાં ઉમેરવા માટે કૅટલૉગ ખોલો.',
    mr: 'नमस्कार! मी Saathi Shop आहे. डाळ, आटा, फराळ आणि मिठाई तुमच्या कार्टमध्ये टाकण्यासाठी कॅटलॉग उघडा.',
    te: 'నమస్కారం! నేను Saathi Shop. పప్పు, ఆటా, స్నాక్స్, స్వీట్లను మీ కార్ట్‌లో చేర్చడానికి కేటలాగ్ తెరవండి.',
  },
  shopHelp: {
    hi: 'मैं कैटलॉग से ऑर्डर लेता हूँ: उत्पाद अपने कार्ट में डालने के लिए उसे खोलें, फिर मात्रा बदलने के लिए कार्ट देखें।',
    gu: 'હું કૅટલૉગ દ્વારા ઓર્ડર લઉં છું: ઉત્પાદનો તમારા કાર્ટમાં ઉમેરવા તેને ખોલો, પછી જથ્થો બદલવા કાર્ટ જુઓ.',
    mr: 'मी कॅटलॉगमधून ऑर्डर घेतो: उत्पादने कार्टमध्ये टाकण्यासाठी तो उघडा, मग प्रमाण बदलण्यासाठी कार्ट पाहा.',
    te: 'నేను కేటలాగ్ ద్వారా ఆర్డర్లు తీసుకుంటాను: ఉత్పత్తులను మీ కార్ట్‌లో చేర్చడానికి దాన్ని తెరవండి, తర్వాత పరిమాణాలు మార్చడానికి కార్ట్ చూడండి.',
  },
  shopCatalogCount: { hi: '{count} उत्पाद', gu: '{count} ઉત્પાદનો', mr: '{count} उत्पादने', te: '{count} ఉత్పత్తులు' },
  shopPayPrompt: {
    hi: 'क्या आप अपने कार्ट का भुगतान करना चाहते हैं? नीचे टैप करें या pay लिखें।',
    gu: 'તમારા કાર્ટની ચુકવણી કરવી છે? નીચે ટૅપ કરો અથવા pay લખો.',
    mr: 'तुमच्या कार्टचे पैसे भरायचे आहेत? खाली टॅप करा किंवा pay लिहा.',
    te: 'మీ కార్ట్‌కు చెల్లించాలా? కింద నొక్కండి లేదా pay అని టైప్ చేయండి.',
  },
  shopPayButton: { hi: 'मेरे कार्ट का भुगतान करें', gu: 'મારા કાર્ટની ચુકવણી કરો', mr: 'माझ्या कार्टचे पैसे भरा', te: 'నా కార్ట్‌కు చెల్లించండి' },
  shopBill: {
    hi: 'आपका बिल: {total}। UPI या कार्ड से भुगतान करने के लिए भुगतान करें पर टैप करें।',
    gu: 'તમારું બિલ: {total}. UPI અથવા કાર્ડથી ચૂકવવા ચુકવણી કરો પર ટૅપ કરો.',
    mr: 'तुमचे बिल: {total}. UPI किंवा कार्डने पैसे भरण्यासाठी पैसे भरा वर टॅप करा.',
    te: 'మీ బిల్లు: {total}. UPI లేదా కార్డుతో చెల్లించడానికి చెల్లించండి నొక్కండి.',
  },
  shopNothingToPay: {
    hi: 'आपका कार्ट खाली है, इसलिए भुगतान के लिए कुछ नहीं है। उत्पाद जोड़ने के लिए कैटलॉग खोलें।',
    gu: 'તમારું કાર્ટ ખાલી છે, તેથી ચૂકવવા માટે કંઈ નથી. ઉત્પાદનો ઉમેરવા કૅટલૉગ ખોલો.',
    mr: 'तुमची कार्ट रिकामी आहे, त्यामुळे भरण्यासारखे काही नाही. उत्पादने जोडण्यासाठी कॅटलॉग उघडा.',
    te: 'మీ కార్ట్ ఖాళీగా ఉంది, కాబట్టి చెల్లించడానికి ఏమీ లేదు. ఉత్పత్తులను చేర్చడానికి కేటలాగ్ తెరవండి.',
  },
} satisfies TextTable<string>;
