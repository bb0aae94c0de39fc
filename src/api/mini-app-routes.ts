// Where the mini-app and learning routes live (spec part 2 §7 "Mini apps": get-mini-app-user-details,
// set-mini-app-user-activity, subscribe, get-sso-grant-token, submit-rating; paths not shown, so
// /mini-app/<name> per DESIGN §5). Plain data merged into ROUTE_TABLE; schemas in mini-app-contract.ts.
export const MINI_APP_ROUTE_TABLE = {
  getMiniAppList: { path: '/mini-app/get-mini-app-list', method: 'POST', auth: true },
  getMiniAppUserDetails: { path: '/mini-app/get-mini-app-user-details', method: 'POST', auth: true },
  setMiniAppUserActivity: { path: '/mini-app/set-mini-app-user-activity', method: 'POST', auth: true },
  subscribeMiniApp: { path: '/mini-app/subscribe', method: 'POST', auth: true },
  getSsoGrantToken: { path: '/mini-app/get-sso-grant-token', method: 'POST', auth: true },
  submitMiniAppRating: { path: '/mini-app/submit-rating', method: 'POST', auth: true },
  getMiniAppStorage: { path: '/mini-app/storage-get', method: 'POST', auth: true },
  setMiniAppStorage: { path: '/mini-app/storage-set', method: 'POST', auth: true },
  /** The mini app's backend (not a user) trades a grant and its client secret for the user's identity. */
  exchangeSsoGrant: { path: '/mini-app/sso/exchange', method: 'POST', auth: false },
  getCourses: { path: '/learning/get-courses', method: 'POST', auth: true },
  setLessonProgress: { path: '/learning/set-lesson-progress', method: 'POST', auth: true },
} as const;
