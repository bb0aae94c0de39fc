// Demo competitions (issue 16), in the five languages: a drawing and an essay-photo competition
// open for entries, and a science-video competition with its results out, entered by the demo
// users of the bot profiles (bot-profile/seed.ts) so its leaderboard and the overall one have
// rows. Seeded at every start, idempotently (fixed ids); dates count from the first start.
import { DEMO_REVIEWERS } from '../bot-profile/seed';
import type { Db } from '../db/db';
import { createCompetition, type CompetitionTexts, type NewCompetition } from './store';

const DAY = 86_400_000;

export const DEMO_COMPETITION_IDS = {
  drawing: '00000000-0000-4000-a000-000000000001',
  essayPhoto: '00000000-0000-4000-a000-000000000002',
  scienceVideo: '00000000-0000-4000-a000-000000000003',
} as const;

const DRAWING: CompetitionTexts = {
  en: { title: 'My village, my colours', description: 'Draw or paint the place you live in: its people, its fields, its festivals.',
    rules: ['Open to students of grades 1 to 12.', 'Up to 3 photos of one drawing.', 'Your own work only; no tracing.'],
    prizes: ['First prize: ₹5,000 and an art kit', 'Second prize: ₹3,000', 'Third prize: ₹1,000', 'Every approved entry gets a certificate'] },
  hi: { title: 'मेरा गाँव, मेरे रंग', description: 'जिस जगह आप रहते हैं उसका चित्र बनाइए: वहाँ के लोग, खेत और त्योहार।',
    rules: ['कक्षा 1 से 12 के विद्यार्थियों के लिए।', 'एक चित्र की अधिकतम 3 तस्वीरें।', 'केवल आपका अपना काम; ट्रेसिंग नहीं।'],
    prizes: ['पहला पुरस्कार: ₹5,000 और एक कला किट', 'दूसरा पुरस्कार: ₹3,000', 'तीसरा पुरस्कार: ₹1,000', 'हर स्वीकृत प्रविष्टि को प्रमाणपत्र'] },
  gu: { title: 'મારું ગામ, મારા રંગ', description: 'તમે જ્યાં રહો છો તે સ્થળનું ચિત્ર દોરો: ત્યાંના લોકો, ખેતરો અને તહેવારો.',
    rules: ['ધોરણ 1 થી 12 ના વિદ્યાર્થીઓ માટે.', 'એક ચિત્રના વધુમાં વધુ 3 ફોટા.', 'ફક્ત તમારું પોતાનું કામ; ટ્રેસિંગ નહીં.'],
    prizes: ['પ્રથમ ઇનામ: ₹5,000 અને કલા કિટ', 'બીજું ઇનામ: ₹3,000', 'ત્રીજું ઇનામ: ₹1,000', 'દરેક માન્ય એન્ટ્રીને પ્રમાણપત્ર'] },
  mr: { title: 'माझं गाव, माझे रंग', description: 'तुम्ही राहता त्या ठिकाणाचं चित्र काढा: तिथली माणसं, शेतं आणि सण.',
    rules: ['इयत्ता 1 ते 12 च्या विद्यार्थ्यांसाठी.', 'एका चित्राचे जास्तीत जास्त 3 फोटो.', 'फक्त तुमचं स्वतःचं काम; ट्रेसिंग नाही.'],
    prizes: ['पहिलं बक्षीस: ₹5,000 आणि कला किट', 'दुसरं बक्षीस: ₹3,000', 'तिसरं बक्षीस: ₹1,000', 'प्रत्येक मान्य प्रवेशिकेला प्रमाणपत्र'] },
  te: { title: 'నా ఊరు, నా రంగులు', description: 'మీరు నివసించే ప్రదేశాన్ని గీయండి: అక్కడి మనుషులు, పొలాలు, పండుగలు.',
    rules: ['1 నుండి 12వ తరగతి విద్యార్థులకు.', 'ఒక చిత్రానికి గరిష్టంగా 3 ఫోటోలు.', 'మీ స్వంత పని మాత్రమే; ట్రేసింగ్ వద్దు.'],
    prizes: ['మొదటి బహుమతి: ₹5,000 మరియు ఆర్ట్ కిట్', 'రెండవ బహుమతి: ₹3,000', 'మూడవ బహుమతి: ₹1,000', 'ఆమోదించిన ప్రతి ఎంట్రీకి సర్టిఫికేట్'] },
};

const ESSAY: CompetitionTexts = {
  en: { title: 'Essay: water in my town', description: 'Write an essay by hand on how your town gets, saves and shares water, and send photos of its pages.',
    rules: ['300 to 600 words, handwritten.', 'Up to 5 photos, one per page, in order.', 'Any of the five languages.'],
    prizes: ['First prize: ₹4,000', 'Second prize: ₹2,500', 'Third prize: ₹1,000'] },
  hi: { title: 'निबंध: मेरे शहर में पानी', description: 'आपका शहर पानी कैसे पाता, बचाता और बाँटता है, इस पर हाथ से निबंध लिखिए और उसके पन्नों की तस्वीरें भेजिए।',
    rules: ['300 से 600 शब्द, हाथ से लिखे हुए।', 'अधिकतम 5 तस्वीरें, हर पन्ने की एक, क्रम से।', 'पाँचों में से किसी भी भाषा में।'],
    prizes: ['पहला पुरस्कार: ₹4,000', 'दूसरा पुरस्कार: ₹2,500', 'तीसरा पुरस्कार: ₹1,000'] },
  gu: { title: 'નિબંધ: મારા શહેરમાં પાણી', description: 'તમારું શહેર પાણી કેવી રીતે મેળવે, બચાવે અને વહેંચે છે તેના પર હાથે નિબંધ લખો અને તેના પાનાંના ફોટા મોકલો.',
    rules: ['300 થી 600 શબ્દો, હાથે લખેલા.', 'વધુમાં વધુ 5 ફોટા, દરેક પાનાનો એક, ક્રમમાં.', 'પાંચમાંથી કોઈ પણ ભાષામાં.'],
    prizes: ['પ્રથમ ઇનામ: ₹4,000', 'બીજું ઇનામ: ₹2,500', 'ત્રીજું ઇનામ: ₹1,000'] },
  mr: { title: 'निबंध: माझ्या शहरातलं पाणी', description: 'तुमचं शहर पाणी कसं मिळवतं, वाचवतं आणि वाटून घेतं यावर हाताने निबंध लिहा आणि त्याच्या पानांचे फोटो पाठवा.',
    rules: ['300 ते 600 शब्द, हाताने लिहिलेले.', 'जास्तीत जास्त 5 फोटो, प्रत्येक पानाचा एक, क्रमाने.', 'पाचपैकी कोणत्याही भाषेत.'],
    prizes: ['पहिलं बक्षीस: ₹4,000', 'दुसरं बक्षीस: ₹2,500', 'तिसरं बक्षीस: ₹1,000'] },
  te: { title: 'వ్యాసం: మా ఊరిలో నీరు', description: 'మీ ఊరు నీటిని ఎలా పొందుతుందో, ఆదా చేస్తుందో, పంచుకుంటుందో చేతితో వ్యాసం రాసి, దాని పేజీల ఫోటోలు పంపండి.',
    rules: ['300 నుండి 600 పదాలు, చేతితో రాసినవి.', 'గరిష్టంగా 5 ఫోటోలు, ఒక్కో పేజీకి ఒకటి, వరుసగా.', 'ఐదు భాషల్లో ఏదైనా.'],
    prizes: ['మొదటి బహుమతి: ₹4,000', 'రెండవ బహుమతి: ₹2,500', 'మూడవ బహుమతి: ₹1,000'] },
};

const SCIENCE: CompetitionTexts = {
  en: { title: 'Science at home: a one-minute video', description: 'Show a simple experiment with things from your kitchen and explain what happens.',
    rules: ['One video, up to one minute.', 'An adult nearby for anything hot or sharp.', 'Say what you expected and what you saw.'],
    prizes: ['First prize: a science kit and ₹3,000', 'Second prize: ₹2,000', 'Third prize: ₹1,000'] },
  hi: { title: 'घर पर विज्ञान: एक मिनट का वीडियो', description: 'रसोई की चीज़ों से एक आसान प्रयोग दिखाइए और समझाइए कि क्या होता है।',
    rules: ['एक वीडियो, अधिकतम एक मिनट।', 'गरम या धारदार चीज़ों के लिए पास में कोई बड़ा हो।', 'बताइए आपने क्या सोचा था और क्या देखा।'],
    prizes: ['पहला पुरस्कार: विज्ञान किट और ₹3,000', 'दूसरा पुरस्कार: ₹2,000', 'तीसरा पुरस्कार: ₹1,000'] },
  gu: { title: 'ઘરે વિજ્ઞાન: એક મિનિટનો વીડિયો', description: 'રસોડાની વસ્તુઓથી એક સરળ પ્રયોગ બતાવો અને સમજાવો કે શું થાય છે.',
    rules: ['એક વીડિયો, વધુમાં વધુ એક મિનિટ.', 'ગરમ કે ધારદાર વસ્તુ માટે નજીકમાં કોઈ મોટું હોય.', 'તમે શું ધાર્યું હતું અને શું જોયું તે કહો.'],
    prizes: ['પ્રથમ ઇનામ: વિજ્ઞાન કિટ અને ₹3,000', 'બીજું ઇનામ: ₹2,000', 'ત્રીજું ઇનામ: ₹1,000'] },
  mr: { title: 'घरी विज्ञान: एका मिनिटाचा व्हिडिओ', description: 'स्वयंपाकघरातल्या वस्तूंनी एक सोपा प्रयोग दाखवा आणि काय होतं ते समजावून सांगा.',
    rules: ['एक व्हिडिओ, जास्तीत जास्त एक मिनिट.', 'गरम किंवा धारदार वस्तूंसाठी जवळ कोणीतरी मोठं असावं.', 'तुम्हाला काय वाटलं होतं आणि काय दिसलं ते सांगा.'],
    prizes: ['पहिलं बक्षीस: विज्ञान किट आणि ₹3,000', 'दुसरं बक्षीस: ₹2,000', 'तिसरं बक्षीस: ₹1,000'] },
  te: { title: 'ఇంట్లో సైన్స్: ఒక నిమిషం వీడియో', description: 'వంటింట్లోని వస్తువులతో ఒక సులభమైన ప్రయోగం చూపించి, ఏమి జరుగుతుందో వివరించండి.',
    rules: ['ఒక వీడియో, గరిష్టంగా ఒక నిమిషం.', 'వేడి లేదా పదునైన వాటికి దగ్గర ఒక పెద్దవారు ఉండాలి.', 'మీరు ఏమి ఊహించారో, ఏమి చూశారో చెప్పండి.'],
    prizes: ['మొదటి బహుమతి: సైన్స్ కిట్ మరియు ₹3,000', 'రెండవ బహుమతి: ₹2,000', 'మూడవ బహుమతి: ₹1,000'] },
};

export function demoCompetitions(start: number): NewCompetition[] {
  return [
    { competition_uuid: DEMO_COMPETITION_IDS.drawing, category: 'drawing', media_kind: 'image', max_media: 3,
      opens_at: start - 3 * DAY, closes_at: start + 30 * DAY, results_at: start + 40 * DAY, texts: DRAWING },
    { competition_uuid: DEMO_COMPETITION_IDS.essayPhoto, category: 'essay_photo', media_kind: 'image', max_media: 5,
      opens_at: start - DAY, closes_at: start + 21 * DAY, results_at: start + 28 * DAY, texts: ESSAY },
    { competition_uuid: DEMO_COMPETITION_IDS.scienceVideo, category: 'science_video', media_kind: 'video', max_media: 1,
      opens_at: start - 40 * DAY, closes_at: start - 20 * DAY, results_at: start - 10 * DAY, texts: SCIENCE },
  ];
}

/** The demo users' scored entries in the science competition (two share a score: a shared rank). */
const DEMO_SCORES = [91, 84.5, 84.5, 77, 62];

export async function seedCompetitions(db: Db, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const c of demoCompetitions(now)) await createCompetition(tx, c, now);
    for (const [i, user] of DEMO_REVIEWERS.entries()) {
      await tx.query(
        `INSERT INTO competition_submissions (submission_uuid, competition_uuid, user_uuid, user_name, user_grade, media_kind, status, score, created_at)
         VALUES ($1, $2, $3, $4, $5, 'video', 'approved', $6, $7) ON CONFLICT (submission_uuid) DO NOTHING`,
        [`00000000-0000-4000-a100-00000000000${i + 1}`, DEMO_COMPETITION_IDS.scienceVideo, user.user_uuid, user.name, String(6 + i), DEMO_SCORES[i] ?? 50, now - 30 * DAY],
      );
    }
  });
}
