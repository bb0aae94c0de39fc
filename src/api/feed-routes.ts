// Where the feed routes live (spec part 2 §7 "Feed"): plain data merged into ROUTE_TABLE
// (route-table.ts). Bodies and answers: feed-contract.ts.
export const FEED_ROUTE_TABLE = {
  getFeed: { path: '/feed/get-feed', method: 'POST', auth: true },
  addReaction: { path: '/feed/add-reaction', method: 'POST', auth: true },
  getUserActivity: { path: '/feed/get-user-activity', method: 'POST', auth: true },
  pollVote: { path: '/feed/poll-vote', method: 'POST', auth: true },
  getPost: { path: '/feed/get-post', method: 'POST', auth: true },
  getNotification: { path: '/feed/get-notification', method: 'POST', auth: true },
  answerQuestion: { path: '/feed/answer-question', method: 'POST', auth: true },
  answerQuizQuestion: { path: '/feed/answer-quiz-question', method: 'POST', auth: true },
  savePost: { path: '/feed/save-post', method: 'POST', auth: true },
  unsavePost: { path: '/feed/unsave-post', method: 'POST', auth: true },
  getSavedPosts: { path: '/feed/get-saved-posts', method: 'POST', auth: true },
  addView: { path: '/feed/add-view', method: 'POST', auth: true },
} as const;
