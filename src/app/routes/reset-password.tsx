import { AuthPage } from '@/features/auth/components/auth-page';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';
import { t } from '@/i18n/messages';

/** /reset-password?code=…: the new password (product.md#account-2). */
export function Component() {
  return (
    <AuthPage title={t('auth.reset.title')}>
      <ResetPasswordScreen />
    </AuthPage>
  );
}
