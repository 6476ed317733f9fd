import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { OneTimeCodeField } from '@/components/form/one-time-code-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Card } from '@/components/ui/card';
import { Skeleton, ErrorState } from '@/components/ui/states';
import { t } from '@/i18n/admin';
import { useAuth } from '@/lib/auth/auth-context';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { z } from 'zod/mini';
import { oneTimeCode } from '@/lib/validation/one-time-code';
import { useAdminAssurance, useVerifyAdminCode } from '../api/admin-assurance';
import { adminKeys } from '../api/keys';
import { isForbidden } from '../utils/errors';

const codeSchema = z.object({ code: oneTimeCode() });

/** The 6-digit code that turns this session into an aal2 one, so the database accepts admin work. */
export function AdminStepUp() {
  const verify = useVerifyAdminCode();
  const { register, handleSubmit, formState, setFocus, setValue } = useZodForm(codeSchema, {
    defaultValues: { code: '' },
  });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await verify.mutateAsync(code);
    } catch (failure) {
      setError(toUserMessage(failure));
      setValue('code', '');
      setFocus('code');
    }
  });

  return (
    <Card title={t('admin.mfa.title')} className="max-w-md">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <p className="text-sm text-ink-muted">{t('admin.mfa.description')}</p>
        <OneTimeCodeField label={t('auth.mfa.code')} error={formState.errors.code?.message} {...register('code')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <SubmitButton
          pending={formState.isSubmitting}
          label={t('auth.mfa.submit')}
          pendingLabel={t('auth.mfa.submitting')}
        />
      </form>
    </Card>
  );
}

/**
 * The admin area's second-factor rule, mirrored: the database ignores an admin whose verified factor
 * was not used in this session (aal1), so the area asks for the code first. A refusal (403/42501)
 * anywhere in the area checks again: the factor may have been enrolled since the session began.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const assurance = useAdminAssurance();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? '';

  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isForbidden(error)) void queryClient.invalidateQueries({ queryKey: adminKeys.assurance(userId) });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey[0] === adminKeys.all[0]) {
        recheck(event.action.error);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, userId]);

  if (assurance.isPending) return <Skeleton className="h-40" label={t('app.loading')} />;
  if (assurance.isError) {
    return (
      <ErrorState
        message={t('admin.mfa.check_failed')}
        onRetry={() => void assurance.refetch()}
        retrying={assurance.isFetching}
      />
    );
  }
  if (assurance.data.stepUpRequired) return <AdminStepUp />;
  return children;
}
