import { claimAge } from '../claim-age';

describe('claimAge: how long a withdrawal has been claimed', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    ['2026-11-27T11:59:30Z', '< 1 min'],
    ['2026-11-27T11:48:00Z', '12 min'],
    ['2026-11-27T09:55:00Z', '2 godz. 5 min'],
    ['2026-11-24T08:00:00Z', '3 d 4 godz.'],
    // A clock a little ahead of the server's is not a negative age.
    ['2026-11-27T12:00:20Z', '< 1 min'],
  ])('claimed at %s: %s', (claimedAt, expected) => {
    expect(claimAge(claimedAt, now)).toBe(expected);
  });
});
