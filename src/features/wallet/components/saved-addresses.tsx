import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useDeleteAddress } from '@/data/wallet/delete-address';
import type { SavedAddress } from '@/data/wallet/get-saved-addresses';
import { useSavedAddresses } from '@/data/wallet/get-saved-addresses';
import { useUpdateAddress } from '@/data/wallet/update-address';
import { t } from '@/i18n/wallet';
import { toUserMessage } from '@/lib/errors';

const MAX_LABEL = 50;

/**
 * 'Zapisane adresy': the member's saved withdrawal addresses (at most 10) — rename, make default,
 * delete. The withdrawal form offers them; the default one is filled in when the page opens.
 */
export function SavedAddresses() {
  const addresses = useSavedAddresses();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const toast = useToast();
  const [renaming, setRenaming] = useState<SavedAddress | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);

  const failed = (error: unknown) =>
    toast.show(t('wallet.addresses.action_failed', { reason: toUserMessage(error) }), 'error');

  const body = (
    <QueryStates
      query={addresses}
      loadingLabel={t('wallet.addresses.title')}
      errorMessage={t('wallet.addresses.failed')}
      isEmpty={noRows}
      empty={t('wallet.addresses.empty')}
      emptyHint={t('wallet.addresses.empty_hint')}
    >
      {(data) => (
        <>
          <p className="mb-2 text-sm text-ink-muted">{t('wallet.addresses.limit_hint', { count: data.length })}</p>
          <ul className="divide-y divide-surface-border">
            {data.map((address) => (
              <li key={address.id} className="space-y-2 py-3" data-address-id={address.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-ink">{address.label}</p>
                  <span className="text-sm text-ink-muted">{address.network}</span>
                  {address.is_default ? <Badge>{t('wallet.addresses.default')}</Badge> : null}
                </div>
                <p className="break-all font-mono text-xs text-ink-muted">{address.address}</p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="ghost" onClick={() => setRenaming(address)}>
                    {t('wallet.addresses.rename')}
                    <span className="sr-only">: {address.label}</span>
                  </Button>
                  {address.is_default ? null : (
                    <Button
                      variant="ghost"
                      disabled={update.isPending}
                      onClick={() => update.mutate({ id: address.id, isDefault: true }, { onError: failed })}
                    >
                      {t('wallet.addresses.make_default')}
                      <span className="sr-only">: {address.label}</span>
                    </Button>
                  )}
                  <Button variant="ghost-danger" onClick={() => setDeleting(address)}>
                    {t('wallet.addresses.delete')}
                    <span className="sr-only">: {address.label}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryStates>
  );

  return (
    <Card title={t('wallet.addresses.title')}>
      {body}
      {renaming ? <RenameDialog address={renaming} onClose={() => setRenaming(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('wallet.addresses.delete_title')}
        description={deleting ? t('wallet.addresses.delete_description', { address: deleting.address }) : undefined}
        confirmLabel={t('wallet.addresses.delete')}
        pending={remove.isPending}
        error={remove.error ? t('wallet.addresses.action_failed', { reason: toUserMessage(remove.error) }) : null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </Card>
  );
}

function RenameDialog({ address, onClose }: { address: SavedAddress; onClose: () => void }) {
  const update = useUpdateAddress();
  const [label, setLabel] = useState(address.label);
  const [invalid, setInvalid] = useState(false);
  return (
    <Dialog open onClose={onClose} title={t('wallet.addresses.rename_title')} dismissible={!update.isPending}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const value = label.trim();
          if (value === '' || value.length > MAX_LABEL) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          update.mutate({ id: address.id, label: value }, { onSuccess: onClose });
        }}
      >
        <TextField
          label={t('wallet.addresses.label')}
          value={label}
          maxLength={MAX_LABEL + 10}
          onChange={(event) => setLabel(event.target.value)}
          error={invalid ? t('wallet.addresses.label_invalid') : undefined}
        />
        {update.error ? (
          <p role="alert" className="text-sm text-danger">
            {t('wallet.addresses.action_failed', { reason: toUserMessage(update.error) })}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {t('wallet.addresses.save_label')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
