import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { adminMessages } from '@/i18n/messages/admin';

const isKey = (key: string): key is AdminAreaMessageKey => key in adminMessages;

/**
 * An action of the audit trail in Polish: its own name (admin.audit.action.<action>), or for the
 * generic row trigger's '<table>.<insert|update|delete>' the table's name and the operation; an
 * action this screen does not know yet (a new table, a new function) shows as its key.
 */
export function auditActionLabel(action: string): string {
  const own = `admin.audit.action.${action}`;
  if (isKey(own)) return t(own);
  const [table, operation, ...rest] = action.split('.');
  const tableKey = `admin.audit.table.${table}`;
  const operationKey = `admin.audit.op.${operation}`;
  if (!rest.length && isKey(tableKey) && isKey(operationKey)) return `${t(tableKey)}: ${t(operationKey)}`;
  return action;
}

/** The action filter's options: each action of the trail by its Polish name, in the order of the names. */
export function auditActionOptions(actions: readonly string[]): { value: string; label: string }[] {
  return actions
    .map((action) => ({ value: action, label: auditActionLabel(action) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pl'));
}
