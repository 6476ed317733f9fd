// The authenticator app of a test: the 6-digit code (SHA1, 30 s) for a secret shown on screen.
import * as OTPAuth from 'otpauth';

export function totpCode(secret: string, at = Date.now()): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: at });
}
