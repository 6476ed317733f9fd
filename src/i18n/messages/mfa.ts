/** The 6-digit code asked before an action that needs an aal2 session (a withdrawal, turning 2FA off). */
export const mfaMessages = {
  'mfa.step_up.code': 'Kod weryfikacyjny',
  'mfa.step_up.submit': 'Potwierdź',
  'mfa.step_up.submitting': 'Sprawdzanie...',
} as const;
