import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** product.md#dashboard-2: the referral link is `{origin}/?ref={code}` (the app's public origin). */
export function referralLink(code: string, origin: string = env.siteUrl): string {
  return `${origin}${paths.home.getHref({ ref: code })}`;
}
