// Where the profile, email verification, custom code and delete-reason routes live (spec part 2 §7
// "Profile and custom code"): plain data merged into ROUTE_TABLE (route-table.ts). Bodies and
// answers: profile-contract.ts.
export const PROFILE_ROUTE_TABLE = {
  getProfilePhotoUploadDetails: { path: '/user/get-profile-photo-upload-details', method: 'POST', auth: true },
  resendEmailVerificationLink: { path: '/user/resend-email-verification-link', method: 'POST', auth: true },
  getCustomCodeDetails: { path: '/custom-code/get-details', method: 'POST', auth: true },
  authenticateCustomCode: { path: '/user/authenticate-custom-code', method: 'POST', auth: true },
  getReasonList: { path: '/user/get-reason-list', method: 'POST', auth: true },
} as const;

/** The page the emailed link opens (outside the JSON contract: a browser follows it). */
export const VERIFY_EMAIL_PATH = '/user/verify-email';
