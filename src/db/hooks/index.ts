export { useLocalDoc } from './use-local-doc';
export { useSession } from './use-session';
export { useAppLanguage } from './use-app-language';
export { useSettings } from './use-settings';
export { useAuthFlow } from './use-auth-flow';
export { useProfile } from './use-profile';
export { useSyncStatus } from './use-sync-status';
export { useOnboardingStep, useOnboardingState } from './use-onboarding-step';
export type { LocalDocSnapshot } from './local-doc-store';
