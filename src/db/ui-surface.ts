// The index screens import: the hooks that observe the database (React; `loaded` false until the
// first read) and the commands (intents; async, never throwing for an expected failure: they
// resolve to a CommandResult whose AppError carries the catalogue key the UI turns into text).
// The entry and the login route import the modules themselves (eslint.config.js ENTRY_INDEXES).
export {
  useSession,
  useAppLanguage,
  useSettings,
  useAuthFlow,
  useSignInWait,
  useProfile,
  useSyncStatus,
  useOnboardingStep,
  useOnboardingState,
  useLocalDoc,
  useConversations,
  useConversation,
  useBots,
  useBot,
  useThreadWindow,
  useOutboxCount,
  useDiscoveryPage,
  useRecentActivity,
  useSearchAnswer,
  useRecentSearches,
  useBotProfile,
  useBotActions,
  useMessageIntents,
  useRemoteFlags,
} from './hooks';
export type { LocalDocSnapshot, QuerySnapshot, Cached, ThreadWindow } from './hooks';
export {
  requestOtp,
  resendOtp,
  verifyOtp,
  endSignInWaitOf,
  editMobile,
  loginWithStoredToken,
  logout,
  chooseLanguage,
  saveName,
  saveLocation,
  loadStates,
  loadCities,
  setHomeTab,
  runDialogAction,
  dismissConnectivityDialogs,
  deleteProfile,
  refreshProfile,
  sendText,
  sendButtonChoice,
  retryMessage,
  openConversation,
  closeConversation,
  loadOlderMessages,
  refreshChatLists,
  refreshDiscovery,
  refreshRecentActivity,
  searchBots,
  rememberSearch,
  markConversationRead,
  clearRecentSearches,
  runBotAction,
  reportBot,
  rateBot,
  voteReview,
  submitReview,
  deleteReview,
  loadBotProfile,
  loadBotReviews,
  loadReportReasons,
  dismissBotNotice,
  sendMultiSelectResponse,
  sendMenuChoice,
  readUnreadCount,
  loadNewerMessages,
  rateMessage,
  saveMessage,
} from './commands';
export type { ReportInput } from './commands';
export type { BotProfileEntry, BotActionsDoc, BotProfilesDoc } from './bot-profile-data';
export type { DialogOutcome } from './commands';
export { isShownBySyncStatus, type CommandResult } from './command-result';
// Cold start (bench/README.md "cold-start"): the first screen says when it is painted.
export { useScreenPainted } from './hooks/use-screen-painted';
export { markBoot, whenScreenPainted } from './boot-gate';
export type {
  SessionDoc,
  AppLanguageDoc,
  SettingsDoc,
  AuthFlowDoc,
  ProfileDoc,
  SyncStatusDoc,
  LanguageCode,
  RequestStatus,
  MessageIntent,
  MessageIntentsDoc,
} from './local-docs';
export type { MessageDoc, ConversationDoc, BotDoc } from './schemas';
