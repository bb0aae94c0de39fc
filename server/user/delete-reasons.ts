// The reasons offered on the delete-account screen (spec part 2 §7 get-reason-list), in English
// here and in the other four languages by id (answered by the `language` header).
import type { Translations } from '../http/language';

export const DELETE_REASONS: readonly { reason_uuid: string; reason: string }[] = [
  { reason_uuid: '00000000-0000-4000-9100-000000000001', reason: 'I get too many messages' },
  { reason_uuid: '00000000-0000-4000-9100-000000000002', reason: 'I do not find it useful' },
  { reason_uuid: '00000000-0000-4000-9100-000000000003', reason: 'I worry about my privacy' },
  { reason_uuid: '00000000-0000-4000-9100-000000000004', reason: 'I made another account' },
  { reason_uuid: '00000000-0000-4000-9100-000000000005', reason: 'Something else' },
];

export const DELETE_REASON_TEXTS: Readonly<Record<string, Translations>> = {
  '00000000-0000-4000-9100-000000000001': { hi: 'मुझे बहुत ज़्यादा संदेश मिलते हैं', gu: 'મને બહુ વધારે સંદેશા મળે છે', mr: 'मला खूप जास्त संदेश येतात', te: 'నాకు మరీ ఎక్కువ సందేశాలు వస్తున్నాయి' },
  '00000000-0000-4000-9100-000000000002': { hi: 'यह मेरे काम का नहीं है', gu: 'એ મારા કામનું નથી', mr: 'हे मला उपयोगी वाटत नाही', te: 'ఇది నాకు ఉపయోగపడటం లేదు' },
  '00000000-0000-4000-9100-000000000003': { hi: 'मुझे अपनी निजता की चिंता है', gu: 'મને મારી ગોપનીયતાની ચિંતા છે', mr: 'मला माझ्या गोपनीयतेची काळजी वाटते', te: 'నా గోప్యత గురించి నాకు ఆందోళనగా ఉంది' },
  '00000000-0000-4000-9100-000000000004': { hi: 'मैंने दूसरा खाता बना लिया है', gu: 'મેં બીજું ખાતું બનાવ્યું છે', mr: 'मी दुसरे खाते तयार केले आहे', te: 'నేను మరో ఖాతా తెరిచాను' },
  '00000000-0000-4000-9100-000000000005': { hi: 'कुछ और', gu: 'બીજું કંઈક', mr: 'दुसरे काही', te: 'ఇంకేదైనా' },
};

export const isDeleteReason = (uuid: string): boolean => DELETE_REASONS.some((r) => r.reason_uuid === uuid);
