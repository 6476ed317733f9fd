import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { OneTimeCodeField } from '@/components/form/one-time-code-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/states';
import { t } from '@/i18n/admin';
import { assuranceOf } from '@/lib/auth/assurance';
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
 * was not used in this session (aal1), so the area asks for the code first. The decision comes from
 * the session at once (its JWT level and the factors Auth gave with it, as the route guards decide);
 * a refusal (403/42501) anywhere in the area asks Auth for the factors as they are now, in case one
 * was enrolled elsewhere since the session began.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { session, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  const [refused, setRefused] = useState(false);
  const current = useAdminAssurance(refused);

  useEffect(() => {
    const recheck = (error: unknown) => {
      if (!isForbidden(error)) return;
      setRefused(true);
      void queryClient.invalidateQueries({ queryKey: adminKeys.assurance(userId) });
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

  const level = assuranceOf(session);
  const stepUpRequired =
    level.currentLevel !== 'aal2' && (level.nextLevel === 'aal2' || current.data?.stepUpRequired === true);
  if (stepUpRequired) return <AdminStepUp />;
  if (refused && current.isPending) return <Skeleton className="h-40" label={t('app.loading')} />;
  return children;
}
