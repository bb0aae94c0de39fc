// Where the rewards routes live (spec part 2 §7 "Rewards", issue 14): plain data merged into
// ROUTE_TABLE (route-table.ts). Bodies and answers: rewards-contract.ts.
export const REWARDS_ROUTE_TABLE = {
  rewardsAcceptTnc: { path: '/rewards/accept-tnc', method: 'POST', auth: true },
  rewardsGetHomePage: { path: '/rewards/get-home-page', method: 'POST', auth: true },
  rewardsGetLuckyDrawResult: { path: '/rewards/get-lucky-draw-result', method: 'POST', auth: true },
  rewardsGetCashList: { path: '/rewards/get-cash-rewards-list', method: 'POST', auth: true },
  rewardsGetCouponList: { path: '/rewards/get-coupon-rewards-list', method: 'POST', auth: true },
  rewardsGetCouponDetails: { path: '/rewards/get-coupon-reward-details', method: 'POST', auth: true },
  rewardsStwGetOptions: { path: '/rewards/stw/get-options', method: 'POST', auth: true },
  rewardsStwPlay: { path: '/rewards/stw/play', method: 'POST', auth: true },
  rewardsMtcGetMatrix: { path: '/rewards/mtc/get-matrix', method: 'POST', auth: true },
  rewardsMtcSetUserState: { path: '/rewards/mtc/set-user-state', method: 'POST', auth: true },
} as const;
