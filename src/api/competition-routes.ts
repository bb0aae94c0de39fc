// Where the competition zone's routes live (spec part 2 §7 "Competition", issue 16): plain data
// merged into ROUTE_TABLE (route-table.ts). Their body schemas and answer types are in
// competition-contract.ts.
export const COMPETITION_ROUTE_TABLE = {
  getCompetitionHomePage: { path: '/competition/get-home-page', method: 'POST', auth: true },
  getCompetitionDetails: { path: '/competition/get-details', method: 'POST', auth: true },
  getCompetitionSubmissions: { path: '/competition/get-submissions', method: 'POST', auth: true },
  getSubmissionDetails: { path: '/competition/get-submission-details', method: 'POST', auth: true },
  getPastCompetitions: { path: '/competition/get-past-competitions', method: 'POST', auth: true },
  getCertificates: { path: '/competition/get-certificates', method: 'POST', auth: true },
  addSubmission: { path: '/competition/add-submission', method: 'POST', auth: true },
  getLeaderboard: { path: '/competition/get-leaderboard', method: 'POST', auth: true },
} as const;
