import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useWithdrawIdea } from '@/data/ideas/withdraw-idea';
import { t } from '@/i18n/ideas';
import { toUserMessage } from '@/lib/errors';

/**
 * The author's 'Wycofaj' on their own pending idea (issue 24 §5): after a confirmation the idea goes,
 * with its images, votes and comments. The database allows it only for one's own pending idea.
 */
export function IdeaWithdrawAction({ idea }: { idea: { id: string; title: string } }) {
  const toast = useToast();
  const withdraw = useWithdrawIdea();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await withdraw.mutateAsync(idea.id);
    } catch {
      return; // shown in the dialog from withdraw.error
    }
    setConfirming(false);
    toast.show(t('ideas.withdrawn'));
  };

  return (
    <>
      <Button
        variant="ghost-danger"
        aria-label={t('ideas.withdraw_label', { title: idea.title })}
        onClick={() => {
          withdraw.reset();
          setConfirming(true);
        }}
      >
        {t('ideas.withdraw')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('ideas.withdraw_title')}
        description={t('ideas.withdraw_confirm')}
        confirmLabel={t('ideas.withdraw')}
        pending={withdraw.isPending}
        error={withdraw.error ? toUserMessage(withdraw.error) : null}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
