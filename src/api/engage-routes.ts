// Where the engage routes live (spec part 2 §7 "Engage", issue 14): plain data merged into
// ROUTE_TABLE (route-table.ts). Bodies and answers: engage-contract.ts. submit-answer is this
// server's own call (the spec leaves how a game is played open): every answer is scored here.
export const ENGAGE_ROUTE_TABLE = {
  engageGetHomePage: { path: '/engage/get-home-page-v3', method: 'POST', auth: true },
  engageGetGameList: { path: '/engage/get-game-list-v3', method: 'POST', auth: true },
  engageGetGameFilters: { path: '/engage/get-game-filters', method: 'GET', auth: true },
  engageGetGameFiltersV3: { path: '/engage/get-game-filters-v3', method: 'POST', auth: true },
  engageStartGame: { path: '/engage/start-game', method: 'POST', auth: true },
  engageGetGame: { path: '/engage/get-game', method: 'POST', auth: true },
  engageSubmitAnswer: { path: '/engage/submit-answer', method: 'POST', auth: true },
  engageGetRecentActivity: { path: '/engage/get-recent-activity', method: 'POST', auth: true },
} as const;
