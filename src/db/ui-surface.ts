// The surface that screens use: hooks that observe local documents, and commands (intents).
// Screens import from here (or from src/db/hooks and src/db/commands directly); the data-layer
// implementation sits behind these names.
//
// Agreement between the UI and the data layer (keep both sides to it):
//
// Hooks (React, re-render on change; `loaded` false until the first read finishes):
//   useSession(): { loaded: boolean; doc: SessionDoc | null }
//   useAppLanguage(): { loaded: boolean; doc: AppLanguageDoc | null }
//   useSettings(): { loaded: boolean; doc: SettingsDoc }          (defaults when absent)
//   useAuthFlow(): { loaded: boolean; doc: AuthFlowDoc }          (defaults when absent)
//   useProfile(): { loaded: boolean; doc: ProfileDoc | null }
//   useSyncStatus(): { loaded: boolean; doc: SyncStatusDoc }      (defaults when absent)
//   useOnboardingStep(): 'language' | 'name' | 'location' | null  (spec part 1 §4 rule; null = done)
//
// Commands (async; never throw for an expected failure; they return CommandResult):
//   requestOtp(mobile: string)            send-otp; auth-flow moves pending → fulfilled/rejected
//   resendOtp()                           send-otp again for auth-flow.mobile
//   verifyOtp(otp: string)                verify-otp; on success stores the session and the profile
//   editMobile()                          back to the login screen keeping the number (otpRequested false)
//   loginWithStoredToken()                login-with-token with the stored login token
//   logout()                              clears session and onboarding data even if the call fails
//   chooseLanguage(code: LanguageCode)    stores app-language (and sends it to the profile when signed in)
//   saveName(name: string)                update-profile {name}
//   saveLocation(stateCode: string, city: string)   update-profile {country_code, state_code, city}
//   loadStates(country: CountryIso): Promise<CommandResult<StateEntry[]>>   (cached for offline)
//   loadCities(country: CountryIso, stateCode: string): Promise<CommandResult<CityEntry[]>>
//   setHomeTab(tab: SettingsDoc['homeTab'])
//   runDialogAction(action: DialogAction)   the spec part 1 §4 error-dialog actions
//   dismissConnectivityDialogs()          clears noInternet / serverError in sync-status
//
// CommandResult<T = void> = { ok: true; value: T } | { ok: false; error: AppError }
// AppError (src/domain/errors.ts) carries the catalogue key the UI turns into text.
//
// Added by the data layer (additions only, nothing above renamed):
//   runDialogAction resolves to CommandResult<DialogOutcome>, DialogOutcome = { reload: boolean;
//     navigateTo: 'login' | null }: the UI reloads / pushes the login route as told.
//   useOnboardingState(): { loaded; step }   the same rule, plus whether the documents were read
//   deleteProfile(), refreshProfile()        delete-profile; get-profile into the profile document
//   isShownBySyncStatus(error)               true for errors whose dialog the sync-status already
//                                            raises (no-internet, 5xx, auto-logout, session expired)
//   SyncStatusDoc.sessionExpired?            a 401 without a usable login token cleared local data:
//                                            show somethingWentWrongDialog(); 'default' clears it
//   startClient(), DatabaseProvider          boot (src/db/README.md)
//
// Chat (issue 3; collections messages, conversations, bots, outbox):
//   useConversations(): QuerySnapshot<ConversationDoc[]>     most recent first
//   useConversation(botUuid): QuerySnapshot<ConversationDoc | null>
//   useBots(): QuerySnapshot<BotDoc[]>                       suggested bots, server order
//   useBot(botUuid): QuerySnapshot<BotDoc | null>
//   useThreadWindow(botUuid): ThreadWindow                   the thread's window, oldest first: newest page live, readOlder() adds a stored page
//   useOutboxCount(): QuerySnapshot<number>
//   QuerySnapshot<T> = { loaded: boolean; value: T }
//   sendText(botUuid, text): CommandResult<string | null>    client id; null for a blank text
//   sendButtonChoice(botUuid, buttonIndex): CommandResult<string>
//   retryMessage(id): CommandResult<boolean>                  a failed message back to pending
//   openConversation(botUuid) / closeConversation(botUuid)   the thread screen mounts / unmounts
//   loadOlderMessages(botUuid): CommandResult<{ stored; complete }>
//   refreshChatLists()                                        conversation list + suggested bots
//   MessageDoc.status: 'pending' | 'sent' | 'delivered' | 'failed' (user messages only)
//   isInputReadOnly (src/domain/read-only-input.ts) decides the input's read-only state
//
// Discovery (issue 5 parts 1, 2; the `cache` collection and the 'recent-searches' document):
//   useDiscoveryPage(), useRecentActivity(): QuerySnapshot<Cached<page> | null>  last 200 answer
//   useSearchAnswer(keyword): QuerySnapshot<Cached<SearchAnswer> | null>
//   useRecentSearches(): { loaded; list }                     newest first, at most 10
//   refreshDiscovery(), refreshRecentActivity(language)       into the cache (quiet offline)
//   searchBots(keyword): CommandResult<{ cacheId }>           remembers the keyword, then asks
//   clearRecentSearches()
//   sendMultiSelectResponse(botUuid, { button_indices, custom_response? }): CommandResult<string>
//   sendMenuChoice(botUuid, buttonIndex): CommandResult<string>   a persistent_menu_response
//   readUnreadCount(botUuid): number     the unread count before openConversation clears it
//   loadNewerMessages(botUuid): CommandResult<{ stored }>          forward paging
//   rateMessage(botUuid, sk, rating) / saveMessage(botUuid, sk, index?)   queued in 'message-intents', sent by the engine
//   useMessageIntents(): MessageIntentsDoc                           those intents and their state (queued, done, failed)
export {
  useSession,
  useAppLanguage,
  useSettings,
  useAuthFlow,
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
} from './hooks';
export type { LocalDocSnapshot, QuerySnapshot, Cached, ThreadWindow } from './hooks';
export {
  requestOtp,
  resendOtp,
  verifyOtp,
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
export { startClient, getClient, type Client, type StartClientOptions } from './client';
export { DatabaseProvider } from './database-provider';
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
