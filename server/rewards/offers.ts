// Coupon offers a reward can be (issue 14: "a code, its terms, expiry"), in the five languages,
// and the texts of the wheel. A coupon row stores its offer id; the texts are read from here.
import { randomBytes } from 'node:crypto';
import { DAY_MS } from '../../src/domain/constants';
import { l, type L } from '../discovery/conversation';

/** `wheelLabel`: the few words that fit on a segment of the wheel (the title is said once it is won). */
export interface Offer { id: string; brand: string; title: L; wheelLabel: L; terms: readonly L[]; validForMs: number }

export const OFFERS: readonly Offer[] = [
  {
    id: 'chai-20', brand: 'Saathi Shop', validForMs: 30 * DAY_MS,
    wheelLabel: l('20% off chai', 'चाय पर 20% छूट', 'ચા પર 20% છૂટ', 'चहावर 20% सूट', 'టీపై 20% తగ్గింపు'),
    title: l('20% off your next chai order', 'अगले चाय ऑर्डर पर 20% छूट', 'આગલા ચા ઓર્ડર પર 20% છૂટ', 'पुढच्या चहा ऑर्डरवर 20% सूट', 'తదుపరి చాయ్ ఆర్డర్‌పై 20% తగ్గింపు'),
    terms: [
      l('One use per account.', 'हर खाते पर एक बार।', 'દરેક ખાતા પર એક વાર.', 'प्रत्येक खात्यावर एकदाच.', 'ప్రతి ఖాతాకు ఒకసారి.'),
      l('Valid for 30 days from the day you won it.', 'जीतने के दिन से 30 दिन तक मान्य।', 'જીત્યાના દિવસથી 30 દિવસ માન્ય.', 'जिंकल्याच्या दिवसापासून 30 दिवस वैध.', 'గెలిచిన రోజు నుండి 30 రోజులు చెల్లుతుంది.'),
      l('Cannot be exchanged for cash.', 'नकद में नहीं बदला जा सकता।', 'રોકડમાં બદલી શકાતું નથી.', 'रोख रकमेत बदलता येत नाही.', 'నగదుగా మార్చలేరు.'),
    ],
  },
  {
    id: 'books-10', brand: 'Vidya Books', validForMs: 60 * DAY_MS,
    wheelLabel: l('₹ 100 off books', 'किताबों पर ₹ 100 छूट', 'પુસ્તકો પર ₹ 100 છૂટ', 'पुस्तकांवर ₹ 100 सूट', 'పుస్తకాలపై ₹ 100 తగ్గింపు'),
    title: l('₹ 100 off books over ₹ 500', '₹ 500 से अधिक की किताबों पर ₹ 100 की छूट', '₹ 500 થી વધુનાં પુસ્તકો પર ₹ 100 છૂટ', '₹ 500 पेक्षा जास्त पुस्तकांवर ₹ 100 सूट', '₹ 500 పైబడిన పుస్తకాలపై ₹ 100 తగ్గింపు'),
    terms: [
      l('Orders of ₹ 500 or more.', '₹ 500 या उससे अधिक के ऑर्डर पर।', '₹ 500 કે વધુના ઓર્ડર પર.', '₹ 500 किंवा अधिकच्या ऑर्डरवर.', '₹ 500 లేదా అంతకంటే ఎక్కువ ఆర్డర్లకు.'),
      l('Valid for 60 days from the day you won it.', 'जीतने के दिन से 60 दिन तक मान्य।', 'જીત્યાના દિવસથી 60 દિવસ માન્ય.', 'जिंकल्याच्या दिवसापासून 60 दिवस वैध.', 'గెలిచిన రోజు నుండి 60 రోజులు చెల్లుతుంది.'),
    ],
  },
];

export const offerById = (id: string): Offer | undefined => OFFERS.find((o) => o.id === id);

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A coupon code nobody can guess: 10 characters of an unambiguous alphabet (50 bits). */
export function couponCode(): string {
  return `SAATHI-${[...randomBytes(10)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

export const WHEEL_TEXT = {
  none: l('Better luck next time', 'अगली बार क़िस्मत आज़माएँ', 'આવતી વખતે નસીબ અજમાવો', 'पुढच्या वेळी नशीब आजमवा', 'ఈసారి కాదు, మళ్లీ ప్రయత్నించండి'),
  /** The 'none' segment on the wheel itself. */
  noneShort: l('Try again', 'फिर कोशिश करें', 'ફરી પ્રયાસ કરો', 'पुन्हा प्रयत्न करा', 'మళ్లీ ప్రయత్నించండి'),
  stwName: l('Spin the wheel', 'पहिया घुमाएँ', 'ચક્ર ફેરવો', 'चक्र फिरवा', 'చక్రం తిప్పండి'),
  mtcName: l('Memory match', 'मेमोरी मैच', 'મેમરી મેચ', 'मेमरी मॅच', 'మెమరీ మ్యాచ్'),
  luckyDraw: l('Lucky draw prize', 'लकी ड्रॉ इनाम', 'લકી ડ્રો ઇનામ', 'लकी ड्रॉ बक्षीस', 'లక్కీ డ్రా బహుమతి'),
  mtcReward: l('Memory match reward', 'मेमोरी मैच इनाम', 'મેમરી મેચ ઇનામ', 'मेमरी मॅच बक्षीस', 'మెమరీ మ్యాచ్ బహుమతి'),
  stwReward: l('Spin the wheel reward', 'पहिया घुमाने का इनाम', 'ચક્ર ફેરવવાનું ઇનામ', 'चक्र फिरवण्याचे बक्षीस', 'చక్రం తిప్పిన బహుమతి'),
} as const;
