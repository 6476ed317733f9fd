import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { t } from '@/i18n/messages';
import { reloadPage } from '@/lib/browser';

/**
 * 'Problem z połączeniem' (product.md#account-8), loaded by ConnectionProblemModal when an error
 * that mentions CORS, cross-origin or blocked is reported. Retry refetches the failed queries;
 * refresh reloads the page.
 */
export function ConnectionProblemDialog({ open, close }: { open: boolean; close: () => void }) {
  const queryClient = useQueryClient();

  const retry = () => {
    close();
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('app.connection_problem.title')}
      description={t('app.connection_problem.description')}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button onClick={retry}>{t('app.retry')}</Button>
        <Button variant="secondary" onClick={reloadPage}>
          {t('app.refresh')}
        </Button>
      </div>
    </Dialog>
  );
}
