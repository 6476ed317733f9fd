import { useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { OneTimeCodeField } from '@/components/form/one-time-code-field';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { QueryStates } from '@/components/ui/query-states';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMfaStatus } from '@/data/auth/mfa-status';
import { useDeleteMyAccount } from '@/data/privacy/delete-my-account';
import { type DeletionBlocker, useDeletionBlockers } from '@/data/privacy/get-deletion-blockers';
import { t } from '@/i18n/privacy';
import { authUserMessage } from '@/lib/auth/auth-errors';
import { useAuth } from '@/lib/auth/auth-context';
import { classifyError, isAuthError } from '@/lib/errors';
import { formatDecimal } from '@/lib/format';
import { useZodForm } from '@/lib/form';
import { DELETE_CONFIRMATION, deleteAccountSchema } from '../schemas/delete-account.schema';

/** The database's refusals the dialog shows as they are (the rest: the operation's text). */
const SHOWN_KEYS = [
  'privacy.too_many_attempts',
  'privacy.second_factor_required',
  'privacy.deletion_blocked',
  'privacy.confirmation_mismatch',
] as const;

function isShownKey(key: string): key is (typeof SHOWN_KEYS)[number] {
  return (SHOWN_KEYS as readonly string[]).includes(key);
}

/** The state the privacy notice page reads after a deletion: it says the account is gone. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

function blockerText(blocker: DeletionBlocker): string {
  switch (blocker.kind) {
    case 'balance':
      return t('privacy.delete.blocker.balance', { amount: formatDecimal(blocker.amount ?? 0, 2) });
    case 'withdrawal':
      return t('privacy.delete.blocker.withdrawal', { amount: formatDecimal(blocker.amount ?? 0, 2) });
    default:
      return t('privacy.delete.blocker.order', { refs: (blocker.refs ?? []).join(', ') });
  }
}

/** What the deletion erases, and what is kept, for how long and why (the dialog says it first). */
function WhatHappens() {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <h3 className="font-semibold text-ink">{t('privacy.delete.erased_title')}</h3>
        <p className="text-ink-muted">{t('privacy.delete.erased')}</p>
      </div>
      <div>
        <h3 className="font-semibold text-ink">{t('privacy.delete.kept_title')}</h3>
        <ul className="list-disc space-y-1 pl-5 text-ink-muted">
          <li>{t('privacy.delete.kept_money')}</li>
          <li>{t('privacy.delete.kept_ideas')}</li>
          <li>{t('privacy.delete.kept_referral')}</li>
          <li>{t('privacy.delete.kept_email')}</li>
        </ul>
      </div>
    </div>
  );
}

function DeleteForm({ factorId, onBlocked }: { factorId: string | null; onBlocked: () => void }) {
  const remove = useDeleteMyAccount();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { register, handleSubmit, formState, setError, setValue } = useZodForm(deleteAccountSchema(factorId !== null), {
    defaultValues: { password: '', code: '', confirmation: '' },
  });
  const failure = formState.errors.root?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await remove.mutateAsync({
        password: values.password,
        confirmation: values.confirmation,
        ...(factorId && { code: { factorId, code: values.code } }),
      });
    } catch (error) {
      // Auth refused the code: at the code's field, cleared for the next one.
      if (isAuthError(error)) {
        setValue('code', '');
        setError('code', { message: authUserMessage(error) }, { shouldFocus: true });
        return;
      }
      const { kind } = classifyError(error);
      const key: string | undefined = classifyError(error).key;
      if (key === 'privacy.wrong_password') {
        setError('password', { message: t('privacy.wrong_password') }, { shouldFocus: true });
        return;
      }
      if (key === 'privacy.deletion_blocked') onBlocked();
      setError('root', {
        message:
          kind === 'network' ? t('network.failure') : key && isShownKey(key) ? t(key) : t('privacy.delete_failed'),
      });
      return;
    }
    // The account is gone: the notice page says so (it is outside the dashboard, so the guard does
    // not send the signed-out visitor away), then the dead session is dropped here. The page is a
    // lazy chunk: the navigation is awaited first, or the dashboard's guard, seeing no session,
    // would send the visitor to / before it arrived.
    await navigate(paths.privacy.path, { replace: true, state: ACCOUNT_DELETED_STATE });
    await signOut();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <PasswordField
        label={t('privacy.delete.password')}
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      {factorId ? (
        <OneTimeCodeField
          label={t('privacy.delete.code')}
          hint={t('privacy.delete.code_hint')}
          error={formState.errors.code?.message}
          {...register('code')}
        />
      ) : null}
      <TextField
        label={t('privacy.delete.confirm_word')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={DELETE_CONFIRMATION}
        error={formState.errors.confirmation?.message}
        {...register('confirmation')}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <button
        type="submit"
        disabled={formState.isSubmitting}
        aria-busy={formState.isSubmitting || undefined}
        className={buttonClassName('danger', 'w-full py-2.5')}
      >
        {formState.isSubmitting ? <Spinner className="h-4 w-4 border-surface border-t-transparent" /> : null}
        {formState.isSubmitting ? t('privacy.delete.submitting') : t('privacy.delete.submit')}
      </button>
    </form>
  );
}

/**
 * 'Usuń konto' (issue 38 §2): first what stops the deletion, each with what to do (money in the
 * wallet, a withdrawal in progress, an order not settled); then what is erased and what is kept,
 * for how long and why; then the password, with two-factor sign-in the code, and the typed word
 * 'USUŃ'. The database erases everything in one transaction; the member lands on the privacy
 * notice page, which says the account is gone, signed out.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const blockers = useDeletionBlockers(true);
  const mfa = useMfaStatus();
  return (
    <Dialog open onClose={onClose} title={t('privacy.delete.dialog_title')} size="lg">
      <div className="mt-4 space-y-5">
        <QueryStates
          query={blockers}
          loading={<LoadingState label={t('privacy.delete.checking')} />}
          errorMessage={t('privacy.delete.check_failed')}
        >
          {(rows) =>
            rows.length > 0 ? (
              <div className="space-y-3">
                <h3 className="text-sm font-semibold text-ink">{t('privacy.delete.blockers_title')}</h3>
                <ul className="list-disc space-y-2 pl-5 text-sm text-ink" data-testid="deletion-blockers">
                  {rows.map((blocker) => (
                    <li key={blocker.kind}>{blockerText(blocker)}</li>
                  ))}
                </ul>
                <div className="flex justify-end gap-3">
                  <Button variant="ghost" onClick={onClose}>
                    {t('app.close')}
                  </Button>
                  <Button variant="secondary" disabled={blockers.isFetching} onClick={() => void blockers.refetch()}>
                    {t('privacy.delete.recheck')}
                  </Button>
                </div>
                <WhatHappens />
              </div>
            ) : (
              <div className="space-y-5">
                <WhatHappens />
                {mfa.isPending ? (
                  <LoadingState />
                ) : (
                  <DeleteForm factorId={mfa.data?.verifiedFactorId ?? null} onBlocked={() => void blockers.refetch()} />
                )}
              </div>
            )
          }
        </QueryStates>
      </div>
    </Dialog>
  );
}
