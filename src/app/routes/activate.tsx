import { ActivationScreen } from '@/features/auth/components/activation-screen';
import { AuthPage } from '@/features/auth/components/auth-page';
import { t } from '@/i18n/messages';

/** /activate?token=… (or confirmation_token=…): account activation (product.md#account-2). */
export function Component() {
  return (
    <AuthPage title={t('auth.activation.title')}>
      <ActivationScreen />
    </AuthPage>
  );
}
