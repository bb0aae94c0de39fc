import { useCallback, useEffect, useRef } from 'react';
import { useSettings } from '../../db/hooks/use-settings';
import { playSound, type SoundName } from './sounds';

/** A function that plays a sound when the Sounds setting is on (the default). */
export function useSound(): (name: SoundName) => void {
  const on = useSettings().doc.sounds !== false;
  return useCallback((name: SoundName) => {
    if (on) playSound(name);
  }, [on]);
}

/**
 * Plays 'correct' or 'incorrect' when a verdict appears while the screen is open: not for a
 * verdict that was already there when it opened (a quiz answered yesterday stays quiet).
 */
export function useVerdictSound(verdict: boolean | null): void {
  const play = useSound();
  const previous = useRef<boolean | null | undefined>(undefined);
  useEffect(() => {
    if (previous.current === null && verdict !== null) play(verdict ? 'correct' : 'incorrect');
    previous.current = verdict;
  }, [verdict, play]);
}
