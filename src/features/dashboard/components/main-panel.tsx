import { Card } from '@/components/ui/card';
import { t } from '@/i18n/dashboard';
import { RenewalNotice } from './renewal-notice';
import { StatsCards } from './stats-cards';
import { TopPartners } from './top-partners';

/** 'Panel główny' (product.md#dashboard-2): statistic cards, 'Ostatnie aktywności' (a placeholder) and Top Partners. */
export function MainPanel() {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink">{t('dashboard.title')}</h1>
      <RenewalNotice />
      <StatsCards />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('dashboard.recent_activity')}>
          <p className="text-ink-muted">{t('dashboard.recent_activity_placeholder')}</p>
        </Card>
        <TopPartners />
      </div>
    </div>
  );
}
