import { auditActionLabel, auditActionOptions } from '../action-labels';

describe('auditActionLabel', () => {
  it('names the actions of the audited functions, and the generic row writes by table and operation', () => {
    expect(auditActionLabel('wallet.credit')).toBe('Portfel: uznanie');
    expect(auditActionLabel('payout.run')).toBe('Wypłata zysków');
    expect(auditActionLabel('idea_comments.delete')).toBe('Komentarze do pomysłów: usunięcie');
    expect(auditActionLabel('smtp_configs.update')).toBe('Konfiguracja SMTP: zmiana');
    expect(auditActionLabel('objects.delete')).toBe('Pliki: usunięcie');
    expect(auditActionLabel('notifications.insert')).toBe('Powiadomienia: wysłanie');
  });

  it('shows an action it does not know as its key', () => {
    expect(auditActionLabel('withdrawal.claim_new')).toBe('withdrawal.claim_new');
    expect(auditActionLabel('new_table.insert')).toBe('new_table.insert');
    expect(auditActionLabel('apps.update.extra')).toBe('apps.update.extra');
  });

  it('orders the options by their Polish names', () => {
    expect(auditActionOptions(['wallet.debit', 'apps.insert', 'user.delete']).map((o) => o.label)).toEqual([
      'Aplikacje: dodanie',
      'Konto: usunięcie',
      'Portfel: obciążenie',
    ]);
  });
});
