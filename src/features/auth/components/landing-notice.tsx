import { useLocation, useSearchParams } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { authRedirectError, authUserMessage } from '@/lib/auth/auth-errors';
import { readLandingNotice } from '../utils/landing-notice';

/**
 * What the landing page says after a redirect: a notice carried in the router state (activated,
 * password changed, a link that failed), or the error Supabase put in the address.
 */
export function LandingNotice() {
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectError = authRedirectError(params);
  if (redirectError) return <FormAlert>{authUserMessage(redirectError)}</FormAlert>;
  const notice = readLandingNotice(location.state);
  if (!notice) return null;
  return <FormAlert tone={notice.tone}>{notice.text}</FormAlert>;
}
