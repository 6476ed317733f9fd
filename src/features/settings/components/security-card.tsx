import { Card } from '@/components/ui/card';
import { t } from '@/i18n/settings';
import { PasswordForm } from './password-form';
import { TwoFactorSection } from './two-factor-section';

/** The security card (product.md#dashboard-2): change password and the two-factor toggle. */
export function SecurityCard() {
  return (
    <Card title={t('settings.security')}>
      <div className="space-y-8">
        <PasswordForm />
        <hr className="border-surface-border" />
        <TwoFactorSection />
      </div>
    </Card>
  );
}
