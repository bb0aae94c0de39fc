// Where the analytics ingestion route and the two "Other" calls of spec part 2 §7
// (dynamic-link/create-link, banner/get-notifications) live: plain data merged into ROUTE_TABLE
// (route-table.ts). Bodies and answers: analytics-contract.ts.
export const ANALYTICS_ROUTE_TABLE = {
  trackEvents: { path: '/analytics/track', method: 'POST', auth: true },
  createDynamicLink: { path: '/dynamic-link/create-link', method: 'POST', auth: true },
  getBannerNotifications: { path: '/banner/get-notifications', method: 'POST', auth: true },
} as const;
