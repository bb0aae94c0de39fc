// Where the app feedback and app FAQ routes live (spec part 1 §7 "/bot/send-feedback", "get-faqs"):
// plain data merged into ROUTE_TABLE (route-table.ts). Bodies and answers: feedback-contract.ts.
export const FEEDBACK_ROUTE_TABLE = {
  sendFeedback: { path: '/bot/send-feedback', method: 'POST', auth: true },
  getFaqs: { path: '/bot/get-faqs', method: 'POST', auth: true },
} as const;
