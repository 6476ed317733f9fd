import { useEffect, useRef, useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { MEMBER_SEARCH_MIN_LENGTH, useMemberSearch, type MemberMatch } from '@/data/users/search-members';
import { t } from '@/i18n/admin';
import { useDebounced } from '@/lib/use-debounced';

const SEARCH_DEBOUNCE_MS = 300;

export const memberLabel = (member: MemberMatch) =>
  member.fullName ? `${member.fullName} (${member.email})` : member.email;

/**
 * The audit tab's member filter: type part of a name or an e-mail, choose the member from the
 * matches (buttons, reachable with Tab), and the filter holds that member (shown by name, with
 * 'Usuń wybór członka'). Focus moves to what replaces the control the admin used.
 */
export function AuditMemberFilter({
  value,
  onChange,
}: {
  value: MemberMatch | null;
  onChange: (member: MemberMatch | null) => void;
}) {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useMemberSearch(debounced);
  const clearRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [focusAfter, setFocusAfter] = useState<'clear' | 'input' | null>(null);

  useEffect(() => {
    if (focusAfter === 'clear') clearRef.current?.focus();
    if (focusAfter === 'input') inputRef.current?.focus();
  }, [focusAfter, value]);

  if (value) {
    return (
      <div className="space-y-1">
        <p className="text-sm font-medium text-ink">{t('admin.audit.member')}</p>
        <p className="break-words text-sm" data-testid="audit-member-chosen">
          {t('admin.audit.member_chosen', { member: memberLabel(value) })}
        </p>
        <Button
          ref={clearRef}
          variant="ghost"
          size="sm"
          onClick={() => {
            onChange(null);
            setFocusAfter('input');
          }}
        >
          {t('admin.audit.member_clear')}
        </Button>
      </div>
    );
  }

  let results = null;
  if (debounced.length >= MEMBER_SEARCH_MIN_LENGTH) {
    if (search.isPending) {
      results = (
        <p role="status" className="text-xs text-ink-muted">
          {t('admin.audit.member_searching')}
        </p>
      );
    } else if (search.isError) {
      results = (
        <p role="alert" className="text-xs text-danger">
          {t('admin.audit.member_search_failed')}
        </p>
      );
    } else if (search.data.length === 0) {
      results = (
        <p role="status" className="text-xs text-ink-muted">
          {t('admin.audit.member_none')}
        </p>
      );
    } else {
      results = (
        <ul aria-label={t('admin.audit.member_results')} className="space-y-1">
          {search.data.map((member) => (
            <li key={member.userId}>
              <Button
                variant="ghost"
                size="sm"
                className="w-full justify-start text-left break-words"
                onClick={() => {
                  onChange(member);
                  setQuery('');
                  setFocusAfter('clear');
                }}
              >
                {memberLabel(member)}
              </Button>
            </li>
          ))}
        </ul>
      );
    }
  }

  return (
    <div className="space-y-1">
      <TextField
        ref={inputRef}
        label={t('admin.audit.member_search')}
        hint={t('admin.audit.member_hint')}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {results}
    </div>
  );
}
