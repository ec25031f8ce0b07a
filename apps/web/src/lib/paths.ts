/** Every page URL the app links to, in one place (routes stay exactly as the spec lists them). */
export const paths = {
  home: '/',
  login: '/login',
  staffLogin: '/staffLogin',
  signup: '/signup',
  logout: '/logout',
  dashboard: '/dashboard',
  profile: '/profile',
  contact: '/contact',
  thankYou: '/thank-you',
  launching: '/launching',
  howToWork: '/howtowork',
  terms: '/t&c',
  privacy: '/policy',
  refund: '/refundPolicy',
  disclaimer: '/disclaimer',
  verify: (token: string) => `/verify/${encodeURIComponent(token)}`,
  verifyStaff: (token: string) => `/verifyStaff/${encodeURIComponent(token)}`,
  verifyDrpc: (token: string) => `/verifyDRPC/${encodeURIComponent(token)}`,
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
} as const;

/** Where a sign-in screen may send the visitor after logging out. */
export type LoginPath = typeof paths.login | typeof paths.staffLogin;

export function isLoginPath(value: unknown): value is LoginPath {
  return value === paths.login || value === paths.staffLogin;
}
