// Where the bot-profile and bot-action routes live (spec part 1 §7): plain data merged into
// ROUTE_TABLE (route-table.ts), so the app's bundles carry no schema library. Their body schemas
// and answer types are in bot-profile-contract.ts.
export const BOT_PROFILE_ROUTE_TABLE = {
  pinResource: { path: '/bot/pin-resource', method: 'POST', auth: true },
  unpinResource: { path: '/bot/unpin-resource', method: 'POST', auth: true },
  muteBot: { path: '/bot/mute', method: 'POST', auth: true },
  unmuteBot: { path: '/bot/unmute', method: 'POST', auth: true },
  blockBot: { path: '/bot/block', method: 'POST', auth: true },
  unblockBot: { path: '/bot/unblock', method: 'POST', auth: true },
  archiveBot: { path: '/bot/archive', method: 'POST', auth: true },
  unarchiveBot: { path: '/bot/unarchive', method: 'POST', auth: true },
  reportBot: { path: '/bot/report', method: 'POST', auth: true },
  getReportReasonList: { path: '/bot/get-report-reason-list', method: 'POST', auth: true },
  getRating: { path: '/bot/get-rating', method: 'POST', auth: true },
  submitRating: { path: '/bot/submit-rating', method: 'POST', auth: true },
  getUserReviewList: { path: '/bot/get-user-review-list', method: 'POST', auth: true },
  voteReview: { path: '/bot/vote-review', method: 'POST', auth: true },
  submitReview: { path: '/bot/submit-review', method: 'POST', auth: true },
  deleteReview: { path: '/bot/delete-review', method: 'POST', auth: true },
  getReview: { path: '/bot/get-review', method: 'POST', auth: true },
  getBotFaqs: { path: '/bot/get-bot-faqs', method: 'POST', auth: true },
  getTotalActiveUsers: { path: '/bot/get-total-active-users', method: 'GET', auth: true },
  getSubscriberCount: { path: '/bot/get-subscriber-count', method: 'POST', auth: true },
  getOnboardingDetails: { path: '/bot/get-onboarding-details', method: 'POST', auth: true },
} as const;
