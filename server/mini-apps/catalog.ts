// The web mini apps the reference server registers and hosts (issue 17): three demo apps whose
// files are in server/mini-apps/demo/<slug>/, served at /apps/<slug>/ (demo-host.ts), each a
// sign-on client whose backend (demo-backend.ts) keeps its secret.
import type { Translations } from '../http/language';
import { WEB_MINI_APP_PREFIX } from '../../src/domain/mini-apps';

export interface WebMiniAppDef {
  mini_app_uuid: string;
  slug: string;
  name: string;
  names: Translations;
  description: string;
  descriptions: Translations;
  icon: string;
  category: string;
}

export const WEB_MINI_APPS: readonly WebMiniAppDef[] = [
  {
    mini_app_uuid: '2000000000000101', slug: 'mandi-prices', name: 'Mandi Prices',
    names: { hi: 'मंडी भाव', gu: 'મંડી ભાવ', mr: 'बाजार भाव', te: 'మండీ ధరలు' },
    description: "Today's crop prices at markets near you, with a search.",
    descriptions: { hi: 'आपके पास की मंडियों में आज के फ़सल भाव, खोज के साथ।', gu: 'તમારી નજીકના બજારોમાં આજના પાકના ભાવ, શોધ સાથે.', mr: 'तुमच्या जवळच्या बाजारांतील आजचे पीक भाव, शोधासह.', te: 'మీ దగ్గరి మార్కెట్లలో నేటి పంట ధరలు, వెతుకుతో.' },
    icon: '/icons/mini-apps/mandi-prices.svg', category: 'farming',
  },
  {
    mini_app_uuid: '2000000000000102', slug: 'daily-quiz', name: 'Daily Quiz',
    names: { hi: 'रोज़ की क्विज़', gu: 'દૈનિક ક્વિઝ', mr: 'दैनिक प्रश्नमंजुषा', te: 'రోజువారీ క్విజ్' },
    description: 'One question a day; keep your streak going.',
    descriptions: { hi: 'हर दिन एक सवाल; अपना सिलसिला बनाए रखें।', gu: 'દરરોજ એક પ્રશ્ન; તમારી સળંગતા જાળવો.', mr: 'दररोज एक प्रश्न; तुमची सलग मालिका चालू ठेवा.', te: 'రోజుకు ఒక ప్రశ్న; మీ వరుసను కొనసాగించండి.' },
    icon: '/icons/mini-apps/daily-quiz.svg', category: 'games',
  },
  {
    mini_app_uuid: '2000000000000103', slug: 'unit-converter', name: 'Unit Converter',
    names: { hi: 'इकाई परिवर्तक', gu: 'એકમ રૂપાંતરક', mr: 'एकक रूपांतरक', te: 'యూనిట్ మార్పిడి' },
    description: 'Acres, hectares, bigha, quintals and kilos.',
    descriptions: { hi: 'एकड़, हेक्टेयर, बीघा, क्विंटल और किलो।', gu: 'એકર, હેક્ટર, વીઘા, ક્વિન્ટલ અને કિલો.', mr: 'एकर, हेक्टर, बिघा, क्विंटल आणि किलो.', te: 'ఎకరాలు, హెక్టార్లు, బిఘా, క్వింటాళ్లు, కిలోలు.' },
    icon: '/icons/mini-apps/unit-converter.svg', category: 'farming',
  },
];

export const webAppPath = (slug: string) => `${WEB_MINI_APP_PREFIX}${slug}/`;
export const webAppBySlug = (slug: string) => WEB_MINI_APPS.find((a) => a.slug === slug);
export const webAppById = (id: string) => WEB_MINI_APPS.find((a) => a.mini_app_uuid === id);
