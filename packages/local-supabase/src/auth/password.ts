// bcrypt hashes (cost 10, as GoTrue, unless a test stack lowers it) and the configured password
// strength rules.
import bcrypt from 'bcryptjs';
import type { AuthConfig } from '../config/config.ts';
import { AuthError } from './errors.ts';

export function hashPassword(config: AuthConfig, password: string): Promise<string> {
  return bcrypt.hash(password, config.passwordHashCost);
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash).catch(() => false);
}

/** GoTrue's checkPasswordStrength: 422 weak_password with reasons "length" and/or "characters". */
export function assertStrongPassword(config: AuthConfig, password: string): void {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < config.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
  }
  const missing = config.requiredCharacters.filter((set) => ![...password].some((char) => set.includes(char)));
  if (missing.length) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${config.requiredCharacters.join(', ')}.`);
  }
  if (reasons.length) throw new AuthError(422, 'weak_password', messages.join(' '), reasons);
}
