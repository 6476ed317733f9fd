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
};

/** Query and mutation keys of the member's second factor (Supabase Auth MFA): settings, wallet step-up, admin gate. */
export const mfaKeys = {
  all: ['mfa'] as const,
  status: (userId: string) => [...mfaKeys.all, 'status', userId] as const,
  enroll: () => [...mfaKeys.all, 'enroll'] as const,
  cancel: () => [...mfaKeys.all, 'cancel'] as const,
  verify: () => [...mfaKeys.all, 'verify'] as const,
};
