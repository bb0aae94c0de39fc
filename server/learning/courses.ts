// The seeded courses of skills corner and digital class (issue 17): short lessons, each a video or
// an article, in the five languages. Content is code (it ships with the server); each user's
// progress is in SQL (lesson_progress, migration 019).
import type { Translations } from '../http/language';

type Text = { en: string } & Translations;

export interface LessonDef { lesson_id: string; kind: 'video' | 'article'; minutes: number; title: Text; body: Text; video_url: string | null }
export interface CourseDef { course_id: string; area: 'skills-corner' | 'digital-class'; title: Text; description: Text; lessons: readonly LessonDef[] }

/** A short clip shipped in public/ so a video lesson plays offline too once seen. */
const CLIP = '/learning/clip.mp4';

export const COURSES: readonly CourseDef[] = [
  {
    course_id: 'sc-phone', area: 'skills-corner',
    title: { en: 'Smartphone basics', hi: 'स्मार्टफ़ोन की बुनियादी बातें', gu: 'સ્માર્ટફોનની મૂળ વાતો', mr: 'स्मार्टफोनच्या मूलभूत गोष्टी', te: 'స్మార్ట్‌ఫోన్ ప్రాథమికాలు' },
    description: { en: 'Stay safe online and pay with UPI.', hi: 'ऑनलाइन सुरक्षित रहें और UPI से भुगतान करें।', gu: 'ઓનલાઇન સુરક્ષિત રહો અને UPI થી ચૂકવણી કરો.', mr: 'ऑनलाइन सुरक्षित राहा आणि UPI ने पैसे भरा.', te: 'ఆన్‌లైన్‌లో సురక్షితంగా ఉండండి, UPIతో చెల్లించండి.' },
    lessons: [
      { lesson_id: 'sc-phone-1', kind: 'article', minutes: 3, video_url: null,
        title: { en: 'Spotting a fake message', hi: 'नकली संदेश पहचानें', gu: 'નકલી સંદેશ ઓળખો', mr: 'बनावट संदेश ओळखा', te: 'నకిలీ సందేశాన్ని గుర్తించండి' },
        body: { en: 'Never share your code or PIN with anyone.\n\nBanks never ask for your PIN on a call or in a message. If a message hurries you, stop and check.', hi: 'अपना कोड या PIN कभी किसी से साझा न करें।\n\nबैंक कभी कॉल या संदेश में PIN नहीं माँगते। अगर कोई संदेश जल्दी मचाए, तो रुकें और जाँचें।', gu: 'તમારો કોડ કે PIN ક્યારેય કોઈને ન આપો.\n\nબેંક ક્યારેય કૉલ કે સંદેશમાં PIN માંગતી નથી. કોઈ સંદેશ ઉતાવળ કરાવે તો રોકાઈને તપાસો.', mr: 'तुमचा कोड किंवा PIN कधीही कोणाला सांगू नका.\n\nबँक कधीही फोनवर किंवा संदेशात PIN मागत नाही. एखादा संदेश घाई करत असेल तर थांबा आणि तपासा.', te: 'మీ కోడ్ లేదా PIN ఎవరికీ చెప్పకండి.\n\nబ్యాంకులు ఎప్పుడూ కాల్‌లో లేదా సందేశంలో PIN అడగవు. ఏదైనా సందేశం తొందరపెడితే, ఆగి తనిఖీ చేయండి.' } },
      { lesson_id: 'sc-phone-2', kind: 'video', minutes: 1, video_url: CLIP,
        title: { en: 'Paying with UPI', hi: 'UPI से भुगतान', gu: 'UPI થી ચૂકવણી', mr: 'UPI ने पैसे भरणे', te: 'UPIతో చెల్లింపు' },
        body: { en: 'Scan the code, check the name, enter the amount, then your PIN.', hi: 'कोड स्कैन करें, नाम जाँचें, रकम डालें, फिर अपना PIN।', gu: 'કોડ સ્કેન કરો, નામ તપાસો, રકમ નાખો, પછી તમારો PIN.', mr: 'कोड स्कॅन करा, नाव तपासा, रक्कम टाका, मग तुमचा PIN.', te: 'కోడ్ స్కాన్ చేయండి, పేరు తనిఖీ చేయండి, మొత్తం నమోదు చేయండి, తర్వాత మీ PIN.' } },
    ],
  },
  {
    course_id: 'sc-business', area: 'skills-corner',
    title: { en: 'Start a small business', hi: 'छोटा व्यापार शुरू करें', gu: 'નાનો વ્યવસાય શરૂ કરો', mr: 'छोटा व्यवसाय सुरू करा', te: 'చిన్న వ్యాపారం ప్రారంభించండి' },
    description: { en: 'Costs, prices and keeping accounts.', hi: 'लागत, दाम और हिसाब रखना।', gu: 'ખર્ચ, ભાવ અને હિસાબ રાખવો.', mr: 'खर्च, किंमत आणि हिशोब ठेवणे.', te: 'ఖర్చులు, ధరలు, లెక్కలు ఉంచడం.' },
    lessons: [
      { lesson_id: 'sc-business-1', kind: 'article', minutes: 4, video_url: null,
        title: { en: 'Setting a fair price', hi: 'सही दाम तय करना', gu: 'યોગ્ય ભાવ નક્કી કરવો', mr: 'योग्य किंमत ठरवणे', te: 'సరైన ధర నిర్ణయించడం' },
        body: { en: 'Add up what one item costs you: material, travel and your time.\n\nYour price should cover the cost and leave a margin.', hi: 'एक चीज़ की पूरी लागत जोड़ें: सामान, आना-जाना और आपका समय।\n\nदाम लागत से ऊपर हो और कुछ मुनाफ़ा बचे।', gu: 'એક વસ્તુનો કુલ ખર્ચ ગણો: સામાન, મુસાફરી અને તમારો સમય.\n\nભાવ ખર્ચ કરતાં વધુ હોવો જોઈએ અને થોડો નફો રહેવો જોઈએ.', mr: 'एका वस्तूचा एकूण खर्च मोजा: साहित्य, प्रवास आणि तुमचा वेळ.\n\nकिंमत खर्चापेक्षा जास्त असावी आणि थोडा नफा राहावा.', te: 'ఒక వస్తువు మొత్తం ఖర్చు లెక్కించండి: సామగ్రి, ప్రయాణం, మీ సమయం.\n\nధర ఖర్చును మించి కొంత లాభం మిగలాలి.' } },
      { lesson_id: 'sc-business-2', kind: 'video', minutes: 1, video_url: CLIP,
        title: { en: 'A daily account book', hi: 'रोज़ की हिसाब-बही', gu: 'દૈનિક હિસાબની ચોપડી', mr: 'रोजची हिशोब वही', te: 'రోజువారీ లెక్కల పుస్తకం' },
        body: { en: 'Write down every sale and every expense the same day.', hi: 'हर बिक्री और हर खर्च उसी दिन लिखें।', gu: 'દરેક વેચાણ અને દરેક ખર્ચ એ જ દિવસે લખો.', mr: 'प्रत्येक विक्री आणि प्रत्येक खर्च त्याच दिवशी लिहा.', te: 'ప్రతి అమ్మకం, ప్రతి ఖర్చు అదే రోజు రాయండి.' } },
    ],
  },
  {
    course_id: 'dc-science-6', area: 'digital-class',
    title: { en: 'Class 6 Science: Plants', hi: 'कक्षा 6 विज्ञान: पौधे', gu: 'ધોરણ 6 વિજ્ઞાન: છોડ', mr: 'इयत्ता 6 विज्ञान: वनस्पती', te: '6వ తరగతి సైన్స్: మొక్కలు' },
    description: { en: 'How plants make their food.', hi: 'पौधे अपना भोजन कैसे बनाते हैं।', gu: 'છોડ પોતાનો ખોરાક કેવી રીતે બનાવે છે.', mr: 'वनस्पती आपले अन्न कसे बनवतात.', te: 'మొక్కలు తమ ఆహారాన్ని ఎలా తయారు చేసుకుంటాయి.' },
    lessons: [
      { lesson_id: 'dc-science-6-1', kind: 'video', minutes: 1, video_url: CLIP,
        title: { en: 'Leaves and sunlight', hi: 'पत्तियाँ और धूप', gu: 'પાંદડાં અને સૂર્યપ્રકાશ', mr: 'पाने आणि सूर्यप्रकाश', te: 'ఆకులు, సూర్యరశ్మి' },
        body: { en: 'Leaves use sunlight, water and carbon dioxide to make food.', hi: 'पत्तियाँ धूप, पानी और कार्बन डाइऑक्साइड से भोजन बनाती हैं।', gu: 'પાંદડાં સૂર્યપ્રકાશ, પાણી અને કાર્બન ડાયોક્સાઇડથી ખોરાક બનાવે છે.', mr: 'पाने सूर्यप्रकाश, पाणी आणि कार्बन डायऑक्साइड वापरून अन्न बनवतात.', te: 'ఆకులు సూర్యరశ్మి, నీరు, కార్బన్ డయాక్సైడ్‌తో ఆహారం తయారు చేస్తాయి.' } },
      { lesson_id: 'dc-science-6-2', kind: 'article', minutes: 3, video_url: null,
        title: { en: 'Roots carry water', hi: 'जड़ें पानी पहुँचाती हैं', gu: 'મૂળ પાણી પહોંચાડે છે', mr: 'मुळे पाणी वाहून नेतात', te: 'వేర్లు నీటిని తీసుకెళ్తాయి' },
        body: { en: 'Roots hold the plant in the soil and take up water and minerals.\n\nThe stem carries them up to the leaves.', hi: 'जड़ें पौधे को मिट्टी में थामे रखती हैं और पानी व खनिज सोखती हैं।\n\nतना उन्हें पत्तियों तक ले जाता है।', gu: 'મૂળ છોડને જમીનમાં પકડી રાખે છે અને પાણી તથા ખનિજ શોષે છે.\n\nથડ તેમને પાંદડાં સુધી લઈ જાય છે.', mr: 'मुळे वनस्पतीला मातीत धरून ठेवतात आणि पाणी व खनिजे शोषतात.\n\nखोड ते पानांपर्यंत नेते.', te: 'వేర్లు మొక్కను మట్టిలో పట్టి ఉంచి నీరు, ఖనిజాలను పీలుస్తాయి.\n\nకాండం వాటిని ఆకుల వరకు తీసుకెళ్తుంది.' } },
    ],
  },
  {
    course_id: 'dc-maths-7', area: 'digital-class',
    title: { en: 'Class 7 Maths: Fractions', hi: 'कक्षा 7 गणित: भिन्न', gu: 'ધોરણ 7 ગણિત: અપૂર્ણાંક', mr: 'इयत्ता 7 गणित: अपूर्णांक', te: '7వ తరగతి గణితం: భిన్నాలు' },
    description: { en: 'Adding and comparing fractions.', hi: 'भिन्नों को जोड़ना और तुलना करना।', gu: 'અપૂર્ણાંકનો સરવાળો અને સરખામણી.', mr: 'अपूर्णांकांची बेरीज आणि तुलना.', te: 'భిన్నాలను కూడటం, పోల్చడం.' },
    lessons: [
      { lesson_id: 'dc-maths-7-1', kind: 'article', minutes: 5, video_url: null,
        title: { en: 'Same denominator', hi: 'समान हर', gu: 'સમાન છેદ', mr: 'समान छेद', te: 'ఒకే హారం' },
        body: { en: 'To add 1/5 and 2/5, add the tops: 3/5.\n\nThe bottom stays the same.', hi: '1/5 और 2/5 जोड़ने के लिए ऊपर वाले जोड़ें: 3/5।\n\nनीचे वाला वही रहता है।', gu: '1/5 અને 2/5 ઉમેરવા ઉપરના અંક ઉમેરો: 3/5.\n\nનીચેનો અંક એ જ રહે છે.', mr: '1/5 आणि 2/5 जोडण्यासाठी वरचे अंक जोडा: 3/5.\n\nखालचा अंक तसाच राहतो.', te: '1/5, 2/5 కూడటానికి పైవాటిని కూడండి: 3/5.\n\nకిందిది అలాగే ఉంటుంది.' } },
      { lesson_id: 'dc-maths-7-2', kind: 'video', minutes: 1, video_url: CLIP,
        title: { en: 'Which is bigger?', hi: 'कौन बड़ा है?', gu: 'કયું મોટું છે?', mr: 'कोणते मोठे?', te: 'ఏది పెద్దది?' },
        body: { en: 'Compare 1/2 and 2/3 by writing both with the bottom 6.', hi: '1/2 और 2/3 की तुलना दोनों का हर 6 बनाकर करें।', gu: '1/2 અને 2/3 ની સરખામણી બંનેનો છેદ 6 કરીને કરો.', mr: '1/2 आणि 2/3 ची तुलना दोन्हींचा छेद 6 करून करा.', te: '1/2, 2/3 రెండింటి హారం 6గా రాసి పోల్చండి.' } },
    ],
  },
];

export const lessonById = (id: string) => COURSES.flatMap((c) => c.lessons.map((l) => ({ course: c, lesson: l }))).find((x) => x.lesson.lesson_id === id);
