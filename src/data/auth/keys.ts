/** Query and mutation keys of the account-and-access feature. */
export const authKeys = {
  all: ['auth'] as const,
  activation: (token: string) => [...authKeys.all, 'activation', token] as const,
  emailLink: (type: string, tokenHash: string) => [...authKeys.all, 'email-link', type, tokenHash] as const,
  signIn: () => [...authKeys.all, 'sign-in'] as const,
  passwordReset: () => [...authKeys.all, 'password-reset'] as const,
  magicLink: () => [...authKeys.all, 'magic-link'] as const,
  resendActivation: () => [...authKeys.all, 'resend-activation'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  updatePassword: () => [...authKeys.all, 'update-password'] as const,
  secondFactor: () => [...authKeys.all, 'second-factor'] as const,
  referralVisit: () => [...authKeys.all, 'referral-visit'] as const,
};
