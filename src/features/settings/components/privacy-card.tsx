import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useExportMyData } from '@/data/privacy/export-my-data';
import { siteSettingsQueryOptions } from '@/data/site-settings/get-site-settings';
import { t } from '@/i18n/privacy';
import { classifyError } from '@/lib/errors';
import { downloadFile } from '@/lib/download';
import { useSupabase } from '@/lib/supabase-context';
import { DeleteAccountDialog } from './delete-account-dialog';

function exportFailure(error: unknown): string {
  const { kind } = classifyError(error);
  const key: string | undefined = classifyError(error).key;
  if (kind === 'network') return t('network.failure');
  if (key === 'privacy.export_rate_limited') return t('privacy.export_rate_limited');
  return t('privacy.export_failed');
}

/**
 * 'Twoje dane' (issue 38): 'Pobierz moje dane' (one JSON file built here from the database's one
 * answer, opening with the privacy notice) and 'Usuń konto' (the dialog: blockers, what happens, the
 * password, the code and 'USUŃ').
 */
export function PrivacyCard() {
  const exporting = useExportMyData();
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    // The notice names the club and its contact (the site settings, read once if not yet).
    const site = await queryClient.ensureQueryData(siteSettingsQueryOptions(getClient)).catch(() => null);
    exporting.mutate(
      { controller: site?.site_title ?? t('app.name'), contact: site?.privacy_contact_email },
      {
        onSuccess: ({ fileName, content }) => {
          downloadFile(fileName, content);
          toast.show(t('privacy.export.done'), 'success');
        },
      },
    );
  };

  return (
    <Card title={t('privacy.card.title')}>
      <div className="space-y-6">
        <p className="text-sm text-ink-muted">
          {t('privacy.card.description')}{' '}
          <Link to={paths.privacy.path} className="text-accent underline">
            {t('privacy.card.notice_link')}
          </Link>
          .
        </p>
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-ink">{t('privacy.export.title')}</h3>
          <p className="text-sm text-ink-muted">{t('privacy.export.description')}</p>
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={exporting.isPending}
            aria-busy={exporting.isPending || undefined}
          >
            {exporting.isPending ? t('privacy.export.pending') : t('privacy.export.button')}
          </Button>
          {exporting.isError ? (
            <p role="alert" className="text-sm text-danger">
              {exportFailure(exporting.error)}
            </p>
          ) : null}
        </div>
        <hr className="border-surface-border" />
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-ink">{t('privacy.delete.title')}</h3>
          <p className="text-sm text-ink-muted">{t('privacy.delete.description')}</p>
          <Button variant="ghost-danger" onClick={() => setDeleting(true)}>
            {t('privacy.delete.open')}
          </Button>
        </div>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </Card>
  );
}
