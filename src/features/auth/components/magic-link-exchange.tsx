import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { useCodeExchange } from '../api/exchange-code';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';

/**
 * /dashboard?code=… (a magic link, through Supabase's verify URL): exchanges the code before the
 * guard decides, then drops `code` from the address. A failed exchange goes to / with the reason.
 */
export function MagicLinkExchange({ code }: { code: string }) {
  const exchange = useCodeExchange(code);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (exchange.isSuccess) {
      const params = new URLSearchParams(search);
      params.delete('code');
      const rest = params.toString();
      void navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    } else if (exchange.isError) {
      void navigate(paths.home.path, {
        replace: true,
        state: landingNoticeState({ tone: 'error', text: authErrorMessage(exchange.error, 'magic_link') }),
      });
    }
  }, [exchange.isSuccess, exchange.isError, exchange.error, navigate, pathname, search]);

  return <FullPageLoader label={t('auth.signing_in')} />;
}
