// The app's sounds (spec part 1 §9: message received, sent, correct, incorrect, QR scanned), as
// short WebAudio tones made on the device: no audio files to download or cache, so they play
// offline and cost nothing on the first load. Each sound is data (notes), played by one function.

export type SoundName = 'received' | 'sent' | 'correct' | 'incorrect' | 'qr-scanned';

interface Note {
  hz: number;
  ms: number;
  wave: OscillatorType;
}

const SOUNDS: Record<SoundName, readonly Note[]> = {
  received: [{ hz: 660, ms: 70, wave: 'sine' }, { hz: 880, ms: 110, wave: 'sine' }],
  sent: [{ hz: 990, ms: 60, wave: 'sine' }],
  correct: [{ hz: 523, ms: 90, wave: 'triangle' }, { hz: 659, ms: 90, wave: 'triangle' }, { hz: 784, ms: 160, wave: 'triangle' }],
  incorrect: [{ hz: 233, ms: 140, wave: 'square' }, { hz: 185, ms: 220, wave: 'square' }],
  'qr-scanned': [{ hz: 1320, ms: 90, wave: 'sine' }],
};

/** Quiet enough to sit under speech; a square wave is louder, so its notes are softer still. */
const VOLUME: Record<OscillatorType, number> = { sine: 0.2, triangle: 0.2, square: 0.06, sawtooth: 0.06, custom: 0.1 };

let context: AudioContext | null = null;

/** Plays a sound now. Silent where WebAudio is missing, or before the page had a user gesture. */
export function playSound(name: SoundName): void {
  const Context = globalThis.AudioContext;
  if (typeof Context !== 'function') return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    let at = context.currentTime;
    for (const note of SOUNDS[name]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = note.wave;
      osc.frequency.value = note.hz;
      const end = at + note.ms / 1000;
      // a short fade in and out: a tone that starts or stops at full level clicks
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME[note.wave], at + 0.01);
      gain.gain.linearRampToValueAtTime(0, end);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(end);
      at = end;
    }
  } catch {
    // a sound is a nicety: never let it break what the user did
  }
}
