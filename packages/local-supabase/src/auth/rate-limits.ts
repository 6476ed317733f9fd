// GoTrue's rate limits (internal/api/apilimiter, ratelimit, middleware.go, mail.go), fed from
// [auth.rate_limit] of config.toml the way the Supabase CLI maps it:
//   email_sent          project-wide e-mails per hour, counted before the Send Email Hook is called
//                       (an interval limiter: the count restarts every hour); 429
//                       over_email_send_rate_limit "email rate limit exceeded"; 0 refuses every e-mail
//   sign_in_sign_ups    GOTRUE_RATE_LIMIT_OTP: per client IP, per route (/signup, /otp, /magiclink,
//                       /recover, /resend, PUT /user), N per 5 minutes with bursts of 30
//   token_refresh       every POST /token (password, refresh, PKCE), N per 5 minutes, bursts of 30
//   token_verifications GET and POST /verify, N per 5 minutes, bursts of 30
// and MFA challenge and verify, 15 per minute with bursts of 30 (GoTrue's default, not in config.toml).
// Request limits answer 429 over_request_rate_limit "Request rate limit reached". As on Supabase,
// the counters live in the Auth server's memory and start afresh when it restarts.
import type { AuthConfig } from '../config/config.ts';
import { tooManyRequests } from './errors.ts';

/** tollbooth (golang.org/x/time/rate): a bucket of `burst` tokens per key, refilled at `perSecond`. */
class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  allow(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }
}

/** GoTrue's IntervalLimiter: `events` per `intervalMs`, the count reset at each interval boundary. */
class IntervalLimiter {
  private last = Date.now();
  private count = 0;

  constructor(
    private readonly events: number,
    private readonly intervalMs: number,
  ) {}

  allow(now = Date.now()): boolean {
    const intervals = Math.floor((now - this.last) / this.intervalMs);
    if (intervals > 0) {
      this.last += intervals * this.intervalMs;
      this.count = 0;
    }
    if (this.count < this.events) {
      this.count += 1;
      return true;
    }
    return false;
  }
}

export type LimitedRoute =
  | 'signup'
  | 'otp'
  | 'magiclink'
  | 'recover'
  | 'resend'
  | 'user'
  | 'token'
  | 'verify'
  | 'factor_challenge'
  | 'factor_verify';

const FIVE_MINUTES_S = 300;
const BURST = 30;
/** GoTrue's MFA.RateLimitChallengeAndVerify default, per minute. */
const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15;

export interface RateLimiters {
  /** Throws 429 over_request_rate_limit when `ip` is over the route's limit. */
  request(route: LimitedRoute, ip: string): void;
  /** Throws 429 over_email_send_rate_limit when the project is over its hourly e-mail limit. */
  email(): void;
}

export function rateLimiters(config: AuthConfig): RateLimiters {
  const limits = config.rateLimits;
  const per5Minutes = (count: number) => new TokenBuckets(count / FIVE_MINUTES_S, BURST);
  const otp = () => per5Minutes(limits.signInSignUps);
  const buckets: Record<LimitedRoute, TokenBuckets> = {
    signup: otp(),
    otp: otp(),
    magiclink: otp(),
    recover: otp(),
    resend: otp(),
    user: otp(),
    token: per5Minutes(limits.tokenRefresh),
    verify: per5Minutes(limits.tokenVerifications),
    factor_challenge: new TokenBuckets(MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60, BURST),
    factor_verify: new TokenBuckets(MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60, BURST),
  };
  const emails = new IntervalLimiter(limits.emailSent, 3_600_000);
  return {
    request(route, ip) {
      if (!buckets[route].allow(ip)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
    },
    email() {
      // GoTrue counts e-mails only when they must be confirmed (not with autoconfirm); 0 refuses all.
      if (limits.emailSent === 0 || (config.email.enableConfirmations && !emails.allow())) {
        throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
      }
    },
  };
}
