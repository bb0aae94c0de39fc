// The demo banner notifications of banner/get-notifications (spec part 2 §7): each is about one
// feature (or none: for everyone) and opens an app route. Texts in the five languages, picked by
// the request's language header.
import type { AppFeature } from '../../src/domain/app-routes';
import type { LanguageCode } from '../../src/domain/language-codes';

interface DemoBanner {
  notification_uuid: string;
  feature: AppFeature | null;
  deeplink: string;
  title: Record<LanguageCode, string>;
  body: Record<LanguageCode, string>;
}

export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    notification_uuid: '0190f0a0-0000-7000-8000-000000000001', feature: null, deeplink: '/home',
    title: { en: 'Welcome to Saathi', hi: 'साथी में आपका स्वागत है', gu: 'સાથીમાં આપનું સ્વાગત છે', mr: 'साथीमध्ये आपले स्वागत आहे', te: 'సాథీకి స్వాగతం' },
    body: { en: 'Chat with bots even when the network is weak.', hi: 'कमज़ोर नेटवर्क में भी बॉट से बात करें।', gu: 'નબળા નેટવર્કમાં પણ બોટ સાથે વાત કરો.', mr: 'कमकुवत नेटवर्कमध्येही बॉटशी बोला.', te: 'నెట్‌వర్క్ బలహీనంగా ఉన్నా బాట్‌లతో చాట్ చేయండి.' },
  },
  {
    notification_uuid: '0190f0a0-0000-7000-8000-000000000002', feature: 'rewards', deeplink: '/rewards',
    title: { en: 'Spin the wheel today', hi: 'आज पहिया घुमाएँ', gu: 'આજે ચક્ર ફેરવો', mr: 'आज चाक फिरवा', te: 'ఈ రోజు చక్రం తిప్పండి' },
    body: { en: 'Win cash and coupons in Rewards.', hi: 'रिवॉर्ड्स में नकद और कूपन जीतें।', gu: 'રિવોર્ડ્સમાં રોકડ અને કૂપન જીતો.', mr: 'रिवॉर्ड्समध्ये रोख आणि कूपन जिंका.', te: 'రివార్డ్స్‌లో నగదు, కూపన్లు గెలవండి.' },
  },
  {
    notification_uuid: '0190f0a0-0000-7000-8000-000000000003', feature: 'competition_zone', deeplink: '/competition-zone',
    title: { en: 'A new competition is open', hi: 'नई प्रतियोगिता शुरू हुई है', gu: 'નવી સ્પર્ધા શરૂ થઈ છે', mr: 'नवी स्पर्धा सुरू झाली आहे', te: 'కొత్త పోటీ మొదలైంది' },
    body: { en: 'Send your entry before it closes.', hi: 'बंद होने से पहले अपनी प्रविष्टि भेजें।', gu: 'બંધ થાય તે પહેલાં તમારી એન્ટ્રી મોકલો.', mr: 'बंद होण्यापूर्वी तुमची प्रवेशिका पाठवा.', te: 'ముగిసేలోపు మీ ఎంట్రీ పంపండి.' },
  },
  {
    notification_uuid: '0190f0a0-0000-7000-8000-000000000004', feature: 'engage', deeplink: '/engage',
    title: { en: 'New games in Engage', hi: 'एंगेज में नए खेल', gu: 'એન્ગેજમાં નવી રમતો', mr: 'एंगेजमध्ये नवीन खेळ', te: 'ఎంగేజ్‌లో కొత్త ఆటలు' },
    body: { en: 'Try today\'s quiz and maths sprint.', hi: 'आज की क्विज़ और गणित दौड़ आज़माएँ।', gu: 'આજની ક્વિઝ અને ગણિત દોડ અજમાવો.', mr: 'आजची क्विझ आणि गणित शर्यत खेळा.', te: 'ఈ రోజు క్విజ్, గణిత పరుగు ప్రయత్నించండి.' },
  },
  {
    notification_uuid: '0190f0a0-0000-7000-8000-000000000005', feature: 'posts', deeplink: '/feed',
    title: { en: 'Vote in today\'s poll', hi: 'आज के पोल में वोट करें', gu: 'આજના પોલમાં મત આપો', mr: 'आजच्या पोलमध्ये मत द्या', te: 'ఈ రోజు పోల్‌లో ఓటు వేయండి' },
    body: { en: 'See what others think in the feed.', hi: 'फ़ीड में देखें दूसरे क्या सोचते हैं।', gu: 'ફીડમાં જુઓ બીજા શું વિચારે છે.', mr: 'फीडमध्ये इतर काय विचार करतात ते पहा.', te: 'ఫీడ్‌లో ఇతరులు ఏమనుకుంటున్నారో చూడండి.' },
  },
];
