import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useDeleteIdea } from '@/data/ideas/delete-idea';
import type { BoardIdea } from '@/data/ideas/get-ideas-board';
import { useSetIdeaStatus } from '@/data/ideas/set-idea-status';
import { t } from '@/i18n/ideas';

/**
 * Admins on the board (product.md#dashboard-2 Ideas): accept or reject a pending idea, delete any idea
 * after 'Czy na pewno chcesz usunąć ten pomysł?' (its images go with it). The server checks the
 * admin flag; this only mirrors it.
 */
export function IdeaAdminActions({ idea }: { idea: BoardIdea }) {
  const toast = useToast();
  const setStatus = useSetIdeaStatus();
  const remove = useDeleteIdea();
  const [confirming, setConfirming] = useState(false);

  // mutateAsync, not mutate's callbacks: a review or deletion refreshes the board before it settles,
  // which can remove this card (and would drop a per-call onSuccess with it); the toast must still show.
  const review = async (status: 'approved' | 'rejected') => {
    try {
      await setStatus.mutateAsync({ ideaId: idea.id, status });
    } catch {
      toast.show(t('ideas.status_update_failed'), 'error');
      return;
    }
    toast.show(t(status === 'approved' ? 'ideas.admin.approved' : 'ideas.admin.rejected'));
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ ideaId: idea.id, imageUrls: idea.image_urls });
    } catch {
      return; // shown in the dialog from remove.error
    }
    setConfirming(false);
    toast.show(t('ideas.admin.deleted'));
  };

  const deleteError = remove.error
    ? t(remove.error.message === 'ideas.admin_only' ? 'ideas.delete_admin_only' : 'ideas.admin.delete_failed')
    : null;

  return (
    <div role="group" aria-label={t('ideas.admin.actions', { title: idea.title })} className="flex flex-wrap gap-2">
      {idea.status === 'pending' ? (
        <>
          <Button variant="secondary" onClick={() => void review('approved')} disabled={setStatus.isPending}>
            {t('ideas.admin.approve')}
          </Button>
          <Button variant="secondary" onClick={() => void review('rejected')} disabled={setStatus.isPending}>
            {t('ideas.admin.reject')}
          </Button>
        </>
      ) : null}
      <Button
        variant="ghost-danger"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        {t('ideas.admin.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('ideas.admin.delete_title')}
        description={t('ideas.delete_confirm')}
        confirmLabel={t('ideas.admin.delete')}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
