import { Skeleton } from '@/components/ui/states';
import { useAuditChain, type AuditChainState } from '@/data/audit/verify-audit-chain';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';

const PROBLEMS: Record<string, AdminAreaMessageKey> = {
  hash: 'admin.audit.chain_problem.hash',
  link: 'admin.audit.chain_problem.link',
  unlinked: 'admin.audit.chain_problem.unlinked',
  published: 'admin.audit.chain_problem.published',
};

function Details({ chain }: { chain: AuditChainState }) {
  return (
    <>
      {chain.intact ? (
        <p className="text-sm text-ink-muted">
          {t('admin.audit.chain_checked', { from: chain.verified_from, head: chain.head_seq })}
        </p>
      ) : null}
      <p className="text-sm text-ink-muted break-all">
        {chain.published_seq !== null && chain.published_at && chain.published_hash
          ? t('admin.audit.chain_published', {
              seq: chain.published_seq,
              date: formatDateTime(chain.published_at),
              hash: chain.published_hash,
            })
          : t('admin.audit.chain_not_published')}
      </p>
    </>
  );
}

/**
 * The trail's tamper evidence above 'Dziennik zmian': 'Łańcuch wpisów nienaruszony', or the entry
 * where the chain breaks and why; with the last published head (the e-mail the admins keep).
 */
export function AuditChainStatus() {
  const chain = useAuditChain();
  if (chain.isPending) return <Skeleton className="h-16" label={t('admin.audit.chain_checking')} />;
  if (chain.isError) {
    return (
      <p role="alert" className="text-danger">
        {t('admin.audit.chain_failed')}
      </p>
    );
  }
  const state = chain.data;
  const problem = state.problem ? PROBLEMS[state.problem] : undefined;
  return (
    <section
      aria-label={t('admin.audit.chain')}
      className={`space-y-1 rounded-xl border p-4 ${state.intact ? 'border-success/40 bg-success/10' : 'border-danger/40 bg-danger/10'}`}
    >
      {state.intact ? (
        <p className="font-medium text-success">{t('admin.audit.chain_intact')}</p>
      ) : (
        <div role="alert">
          <p className="font-medium text-danger">
            {t('admin.audit.chain_broken', { seq: state.broken_seq ?? state.broken_id ?? '?' })}
          </p>
          {problem ? <p className="text-sm text-ink">{t(problem)}</p> : null}
        </div>
      )}
      <Details chain={state} />
    </section>
  );
}
