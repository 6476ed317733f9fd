/** The contract address as the page shows it: the first 6 and the last 4 characters (product.md#dashboard-2). */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** The explorer page of the token: {address} of the stored template replaced by the contract. */
export function explorerUrl(template: string, address: string): string {
  return template.replace('{address}', encodeURIComponent(address));
}

/** Free slots as a whole percent of all slots (0 when a tier has none). */
export function availabilityPercent(available: number, total: number): number {
  return total > 0 ? Math.round((available / total) * 100) : 0;
}
