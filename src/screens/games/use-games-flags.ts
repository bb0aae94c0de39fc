// Whether engage and rewards are on, from the one feature gate (remote flags with the user's
// custom code applied; src/domain/feature-gate.ts).
import { useFeatureGate } from '../../db/hooks';

export function useGamesFlags(): { engage: boolean; rewards: boolean } {
  const gate = useFeatureGate();
  return { engage: gate.on.engage, rewards: gate.on.rewards };
}
