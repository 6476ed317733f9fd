/**
 * How long a claim has been held, for the claimed list: '< 1 min', '12 min', '2 godz. 5 min',
 * '3 d 4 godz.'. A claim that waits long is a payout someone may have forgotten.
 */
export function claimAge(claimedAt: string | Date, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(claimedAt).getTime()) / 60_000));
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} godz. ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} godz.`;
}
