/** A pending request as admin_list_withdrawals returns it (the only one: total_count 1). */
export const pendingWithdrawal = {
  id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  amount: 150.5,
  network: 'ERC20',
  address: `0x${'a'.repeat(40)}`,
  status: 'pending',
  tx_hash: null,
  failure_reason: null,
  created_at: '2026-11-20T10:00:00Z',
  processed_at: null,
  member_full_name: 'Ewa Testowa',
  member_email: 'ewa@example.test',
  total_count: 1,
};
