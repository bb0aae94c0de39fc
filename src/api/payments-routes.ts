// Where the payment routes live (spec part 2 §7 "Payments"): plain data merged into ROUTE_TABLE
// (route-table.ts). Their body schemas and answer types are in payments-contract.ts. The sandbox
// providers and their webhooks are not contract routes (server/payments/README.md).
export const PAYMENTS_ROUTE_TABLE = {
  verifyVpa: { path: '/payments/verify-vpa', method: 'POST', auth: true },
  saveMethod: { path: '/payments/save-method', method: 'POST', auth: true },
  getSavedMethodList: { path: '/payments/get-saved-method-list', method: 'POST', auth: true },
  deleteSavedMethod: { path: '/payments/delete-saved-method', method: 'POST', auth: true },
  setMethodPrimary: { path: '/payments/set-method-primary', method: 'POST', auth: true },
  placeOrder: { path: '/payments/place-order', method: 'POST', auth: true },
  initiatePayment: { path: '/payments/initiate', method: 'POST', auth: true },
  declinePayment: { path: '/payments/decline', method: 'POST', auth: true },
  getPaymentRequestDetails: { path: '/payments/get-payment-request-details', method: 'POST', auth: true },
} as const;
