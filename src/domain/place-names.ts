// Place names in the app's languages for the profile's country and state lists (issue 18): the
// server's geo data (server/data/geo/*.json, from GeoNames) names places in English only, so the
// countries and India's states and union territories are named here, in one table, in the four
// Indian languages. A place without an entry (another country's states, every city) keeps the name
// the data gives. Keys: a country's ISO code ('IN'), or ISO code and state code ('IN-TS').
import type { LanguageCode } from './language-codes';

type Names = Readonly<Record<'hi' | 'gu' | 'mr' | 'te', string>>;

const n = (hi: string, gu: string, mr: string, te: string): Names => ({ hi, gu, mr, te });

export const PLACE_NAMES: Readonly<Record<string, Names>> = {
  IN: n('भारत', 'ભારત', 'भारत', 'భారతదేశం'),
  SG: n('सिंगापुर', 'સિંગાપોર', 'सिंगापूर', 'సింగపూర్'),
  TH: n('थाईलैंड', 'થાઇલેન્ડ', 'थायलंड', 'థాయిలాండ్'),
  'IN-AP': n('आंध्र प्रदेश', 'આંધ્ર પ્રદેશ', 'आंध्र प्रदेश', 'ఆంధ్రప్రదేశ్'),
  'IN-AR': n('अरुणाचल प्रदेश', 'અરુણાચલ પ્રદેશ', 'अरुणाचल प्रदेश', 'అరుణాచల్ ప్రదేశ్'),
  'IN-AS': n('असम', 'આસામ', 'आसाम', 'అస్సాం'),
  'IN-BR': n('बिहार', 'બિહાર', 'बिहार', 'బీహార్'),
  'IN-CG': n('छत्तीसगढ़', 'છત્તીસગઢ', 'छत्तीसगड', 'ఛత్తీస్‌గఢ్'),
  'IN-GA': n('गोवा', 'ગોવા', 'गोवा', 'గోవా'),
  'IN-GJ': n('गुजरात', 'ગુજરાત', 'गुजरात', 'గుజరాత్'),
  'IN-HR': n('हरियाणा', 'હરિયાણા', 'हरियाणा', 'హర్యానా'),
  'IN-HP': n('हिमाचल प्रदेश', 'હિમાચલ પ્રદેશ', 'हिमाचल प्रदेश', 'హిమాచల్ ప్రదేశ్'),
  'IN-JH': n('झारखंड', 'ઝારખંડ', 'झारखंड', 'జార్ఖండ్'),
  'IN-KA': n('कर्नाटक', 'કર્ણાટક', 'कर्नाटक', 'కర్ణాటక'),
  'IN-KL': n('केरल', 'કેરળ', 'केरळ', 'కేరళ'),
  'IN-MP': n('मध्य प्रदेश', 'મધ્ય પ્રદેશ', 'मध्य प्रदेश', 'మధ్యప్రదేశ్'),
  'IN-MH': n('महाराष्ट्र', 'મહારાષ્ટ્ર', 'महाराष्ट्र', 'మహారాష్ట్ర'),
  'IN-MN': n('मणिपुर', 'મણિપુર', 'मणिपूर', 'మణిపూర్'),
  'IN-ML': n('मेघालय', 'મેઘાલય', 'मेघालय', 'మేఘాలయ'),
  'IN-MZ': n('मिज़ोरम', 'મિઝોરમ', 'मिझोरम', 'మిజోరం'),
  'IN-NL': n('नागालैंड', 'નાગાલેન્ડ', 'नागालँड', 'నాగాలాండ్'),
  'IN-OD': n('ओडिशा', 'ઓડિશા', 'ओडिशा', 'ఒడిశా'),
  'IN-PB': n('पंजाब', 'પંજાબ', 'पंजाब', 'పంజాబ్'),
  'IN-RJ': n('राजस्थान', 'રાજસ્થાન', 'राजस्थान', 'రాజస్థాన్'),
  'IN-SK': n('सिक्किम', 'સિક્કિમ', 'सिक्कीम', 'సిక్కిం'),
  'IN-TN': n('तमिलनाडु', 'તમિલનાડુ', 'तमिळनाडू', 'తమిళనాడు'),
  'IN-TS': n('तेलंगाना', 'તેલંગાણા', 'तेलंगणा', 'తెలంగాణ'),
  'IN-TR': n('त्रिपुरा', 'ત્રિપુરા', 'त्रिपुरा', 'త్రిపుర'),
  'IN-UP': n('उत्तर प्रदेश', 'ઉત્તર પ્રદેશ', 'उत्तर प्रदेश', 'ఉత్తర ప్రదేశ్'),
  'IN-UK': n('उत्तराखंड', 'ઉત્તરાખંડ', 'उत्तराखंड', 'ఉత్తరాఖండ్'),
  'IN-WB': n('पश्चिम बंगाल', 'પશ્ચિમ બંગાળ', 'पश्चिम बंगाल', 'పశ్చిమ బెంగాల్'),
  'IN-AN': n('अंडमान और निकोबार द्वीपसमूह', 'આંદામાન અને નિકોબાર ટાપુઓ', 'अंदमान आणि निकोबार बेटे', 'అండమాన్ మరియు నికోబార్ దీవులు'),
  'IN-CH': n('चंडीगढ़', 'ચંડીગઢ', 'चंदीगड', 'చండీగఢ్'),
  'IN-DH': n('दादरा और नगर हवेली और दमन और दीव', 'દાદરા અને નગર હવેલી અને દમણ અને દીવ', 'दादरा आणि नगर हवेली आणि दमण आणि दीव', 'దాద్రా మరియు నగర్ హవేలీ మరియు డామన్ మరియు డయ్యూ'),
  'IN-DL': n('दिल्ली', 'દિલ્હી', 'दिल्ली', 'ఢిల్లీ'),
  'IN-JK': n('जम्मू और कश्मीर', 'જમ્મુ અને કાશ્મીર', 'जम्मू आणि काश्मीर', 'జమ్మూ కాశ్మీర్'),
  'IN-LA': n('लद्दाख', 'લદ્દાખ', 'लडाख', 'లద్దాఖ్'),
  'IN-LD': n('लक्षद्वीप', 'લક્ષદ્વીપ', 'लक्षद्वीप', 'లక్షద్వీప్'),
  'IN-PY': n('पुडुचेरी', 'પુડુચેરી', 'पुदुच्चेरी', 'పుదుచ్చేరి'),
};

const named = (key: string, english: string, language: LanguageCode): string =>
  (language === 'en' ? undefined : PLACE_NAMES[key]?.[language]) ?? english;

/** A country's name in `language` (the English name when the table has none). */
export function countryName(iso: string, english: string, language: LanguageCode): string {
  return named(iso, english, language);
}

/** A state's name in `language` (the data's English name when the table has none). */
export function stateName(iso: string, stateCode: string, english: string, language: LanguageCode): string {
  return named(`${iso}-${stateCode}`, english, language);
}
