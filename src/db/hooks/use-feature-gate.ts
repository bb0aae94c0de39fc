import { useMemo } from 'react';
import { featureGate, type FeatureGate } from '../../domain/feature-gate';
import { useLocalDoc } from './use-local-doc';
import { useRemoteFlags } from './use-remote-flags';

/** The running build's version code (Vite define; absent in tests that run without the define). */
const BUILD_VERSION_CODE: number | null = typeof __APP_VERSION_CODE__ === 'number' ? __APP_VERSION_CODE__ : null;

/**
 * The one feature gate (src/domain/feature-gate.ts): the stored remote flags with the user's
 * custom code applied. Every screen, the navigation and the routes read features through it.
 */
export function useFeatureGate(): FeatureGate {
  const flags = useRemoteFlags();
  const code = useLocalDoc('profile').doc?.custom_code_details ?? null;
  return useMemo(() => featureGate(flags, code, BUILD_VERSION_CODE), [flags, code]);
}
