// The app's own FAQs (spec part 1 §7 get-faqs; the /faqs screen), in each app language. Plain
// data, written for this demo: about using the app offline, languages, privacy and notifications.
import type { AppFaq, FaqsAnswer } from '../../src/api/feedback-contract';

type Language = FaqsAnswer['language'];

const FAQS: Readonly<Record<Language, readonly AppFaq[]>> = {
  en: [
    { question: 'Can I use the app without internet?', answer: 'Yes. Chats, bots and settings you have already opened stay on your phone. Messages you write offline are kept and sent by themselves when the connection comes back.' },
    { question: 'How do I change the language?', answer: 'Open Settings and pick a language. The app switches at once; bots may keep answering in their own language.' },
    { question: 'Why did a message not send?', answer: 'It is waiting for the internet. A clock beside the message means it is queued; it is sent as soon as you are online again.' },
    { question: 'Who can see my chats?', answer: 'Only you and the bot you are chatting with. Your chats are stored on this phone and on our server only to deliver them; we do not sell your data.' },
    { question: 'How do I turn notifications on or off?', answer: 'Allow notifications when the app asks, or in your browser settings. To silence one bot, open its profile and mute it.' },
    { question: 'How do I delete my account?', answer: 'Open Settings, then Delete account. Your profile, chats and uploads are removed from the server.' },
  ],
  hi: [
    { question: 'क्या मैं इंटरनेट के बिना ऐप चला सकता हूँ?', answer: 'हाँ। जो चैट, बॉट और सेटिंग आप पहले खोल चुके हैं, वे आपके फ़ोन पर रहती हैं। ऑफ़लाइन लिखे गए संदेश सहेजे जाते हैं और कनेक्शन लौटते ही अपने-आप भेज दिए जाते हैं।' },
    { question: 'भाषा कैसे बदलें?', answer: 'सेटिंग खोलें और भाषा चुनें। ऐप तुरंत बदल जाता है; बॉट अपनी भाषा में जवाब देते रह सकते हैं।' },
    { question: 'मेरा संदेश क्यों नहीं गया?', answer: 'वह इंटरनेट का इंतज़ार कर रहा है। संदेश के पास घड़ी का निशान बताता है कि वह कतार में है; ऑनलाइन होते ही वह भेज दिया जाएगा।' },
    { question: 'मेरी चैट कौन देख सकता है?', answer: 'सिर्फ़ आप और वह बॉट जिससे आप बात कर रहे हैं। आपकी चैट इस फ़ोन पर और हमारे सर्वर पर सिर्फ़ पहुँचाने के लिए रखी जाती है; हम आपका डेटा नहीं बेचते।' },
    { question: 'सूचनाएँ कैसे चालू या बंद करें?', answer: 'ऐप पूछे तब सूचनाओं की अनुमति दें, या ब्राउज़र की सेटिंग में बदलें। किसी एक बॉट को चुप कराने के लिए उसकी प्रोफ़ाइल खोलकर उसे म्यूट करें।' },
    { question: 'अपना खाता कैसे हटाएँ?', answer: 'सेटिंग खोलें, फिर खाता हटाएँ चुनें। आपकी प्रोफ़ाइल, चैट और अपलोड सर्वर से हटा दिए जाते हैं।' },
  ],
  gu: [
    { question: 'શું હું ઇન્ટરનેટ વગર એપ વાપરી શકું?', answer: 'હા. તમે પહેલાં ખોલેલી ચેટ, બૉટ અને સેટિંગ્સ તમારા ફોન પર રહે છે. ઑફલાઇન લખેલા સંદેશા સાચવાય છે અને કનેક્શન પાછું આવતાં જ આપમેળે મોકલાય છે.' },
    { question: 'ભાષા કેવી રીતે બદલવી?', answer: 'સેટિંગ્સ ખોલો અને ભાષા પસંદ કરો. એપ તરત બદલાઈ જાય છે; બૉટ પોતાની ભાષામાં જવાબ આપતા રહી શકે છે.' },
    { question: 'મારો સંદેશો કેમ ન ગયો?', answer: 'તે ઇન્ટરનેટની રાહ જુએ છે. સંદેશા પાસે ઘડિયાળનું ચિહ્ન એટલે તે કતારમાં છે; તમે ઑનલાઇન થતાં જ તે મોકલાશે.' },
    { question: 'મારી ચેટ કોણ જોઈ શકે?', answer: 'ફક્ત તમે અને જે બૉટ સાથે તમે વાત કરો છો તે. તમારી ચેટ આ ફોન પર અને અમારા સર્વર પર ફક્ત પહોંચાડવા માટે રખાય છે; અમે તમારો ડેટા વેચતા નથી.' },
    { question: 'સૂચનાઓ કેવી રીતે ચાલુ કે બંધ કરવી?', answer: 'એપ પૂછે ત્યારે સૂચનાઓની મંજૂરી આપો, અથવા બ્રાઉઝરની સેટિંગ્સમાં બદલો. કોઈ એક બૉટને શાંત કરવા તેની પ્રોફાઇલ ખોલીને તેને મ્યૂટ કરો.' },
    { question: 'મારું એકાઉન્ટ કેવી રીતે કાઢી નાખવું?', answer: 'સેટિંગ્સ ખોલો, પછી એકાઉન્ટ કાઢી નાખો પસંદ કરો. તમારી પ્રોફાઇલ, ચેટ અને અપલોડ સર્વર પરથી કાઢી નખાય છે.' },
  ],
  mr: [
    { question: 'इंटरनेटशिवाय अ‍ॅप वापरता येईल का?', answer: 'हो. तुम्ही आधी उघडलेल्या चॅट, बॉट आणि सेटिंग्ज तुमच्या फोनवर राहतात. ऑफलाइन लिहिलेले संदेश जपले जातात आणि कनेक्शन परत आल्यावर आपोआप पाठवले जातात.' },
    { question: 'भाषा कशी बदलायची?', answer: 'सेटिंग्ज उघडा आणि भाषा निवडा. अ‍ॅप लगेच बदलते; बॉट त्यांच्या भाषेत उत्तर देत राहू शकतात.' },
    { question: 'माझा संदेश का गेला नाही?', answer: 'तो इंटरनेटची वाट पाहत आहे. संदेशाजवळचे घड्याळाचे चिन्ह म्हणजे तो रांगेत आहे; तुम्ही ऑनलाइन येताच तो पाठवला जाईल.' },
    { question: 'माझ्या चॅट कोण पाहू शकते?', answer: 'फक्त तुम्ही आणि ज्या बॉटशी तुम्ही बोलत आहात तो. तुमच्या चॅट या फोनवर आणि आमच्या सर्व्हरवर फक्त पोहोचवण्यासाठी ठेवल्या जातात; आम्ही तुमचा डेटा विकत नाही.' },
    { question: 'सूचना कशा चालू किंवा बंद करायच्या?', answer: 'अ‍ॅप विचारेल तेव्हा सूचनांना परवानगी द्या, किंवा ब्राउझरच्या सेटिंग्जमध्ये बदला. एखाद्या बॉटला शांत करण्यासाठी त्याचे प्रोफाइल उघडून त्याला म्यूट करा.' },
    { question: 'माझे खाते कसे हटवायचे?', answer: 'सेटिंग्ज उघडा, मग खाते हटवा निवडा. तुमचे प्रोफाइल, चॅट आणि अपलोड सर्व्हरवरून हटवले जातात.' },
  ],
  te: [
    { question: 'ఇంటర్నెట్ లేకుండా యాప్ వాడవచ్చా?', answer: 'అవును. మీరు ఇంతకు ముందు తెరిచిన చాట్‌లు, బాట్‌లు, సెట్టింగ్‌లు మీ ఫోన్‌లోనే ఉంటాయి. ఆఫ్‌లైన్‌లో రాసిన సందేశాలు దాచబడి, కనెక్షన్ తిరిగి రాగానే వాటంతట అవే పంపబడతాయి.' },
    { question: 'భాషను ఎలా మార్చాలి?', answer: 'సెట్టింగ్‌లు తెరిచి భాషను ఎంచుకోండి. యాప్ వెంటనే మారుతుంది; బాట్‌లు తమ భాషలోనే జవాబు ఇస్తూ ఉండవచ్చు.' },
    { question: 'నా సందేశం ఎందుకు వెళ్లలేదు?', answer: 'అది ఇంటర్నెట్ కోసం ఎదురుచూస్తోంది. సందేశం పక్కన గడియారం గుర్తు ఉంటే అది వరుసలో ఉందని అర్థం; మీరు ఆన్‌లైన్‌కి రాగానే అది పంపబడుతుంది.' },
    { question: 'నా చాట్‌లను ఎవరు చూడగలరు?', answer: 'మీరు, మీరు మాట్లాడుతున్న బాట్ మాత్రమే. మీ చాట్‌లు ఈ ఫోన్‌లో, మా సర్వర్‌లో అందజేయడానికి మాత్రమే ఉంచబడతాయి; మేము మీ డేటాను అమ్మము.' },
    { question: 'నోటిఫికేషన్‌లను ఎలా ఆన్ లేదా ఆఫ్ చేయాలి?', answer: 'యాప్ అడిగినప్పుడు నోటిఫికేషన్‌లకు అనుమతి ఇవ్వండి, లేదా బ్రౌజర్ సెట్టింగ్‌లలో మార్చండి. ఒక బాట్‌ను నిశ్శబ్దం చేయడానికి దాని ప్రొఫైల్ తెరిచి మ్యూట్ చేయండి.' },
    { question: 'నా ఖాతాను ఎలా తొలగించాలి?', answer: 'సెట్టింగ్‌లు తెరిచి, ఖాతాను తొలగించు ఎంచుకోండి. మీ ప్రొఫైల్, చాట్‌లు, అప్‌లోడ్‌లు సర్వర్ నుండి తొలగించబడతాయి.' },
  ],
};

export function appFaqs(language: Language): AppFaq[] {
  return FAQS[language].map((f) => ({ ...f }));
}
