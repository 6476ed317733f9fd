// Which Chromium the E2E suite drives when CHROMIUM_PATH names none (scripts/lib/e2e-app.ts).
import { describe, expect, it } from 'vitest';
import { e2eChromium, FULL_CHROMIUM, HEADLESS_SHELL } from '../../scripts/lib/e2e-app.ts';

describe('e2eChromium', () => {
  it("takes Debian's headless shell where it is installed", () => {
    expect(e2eChromium((file) => file === HEADLESS_SHELL)).toBe('/usr/bin/chromium-headless-shell');
  });

  it('falls back to the full browser where the shell is missing', () => {
    expect(e2eChromium(() => false)).toBe(FULL_CHROMIUM);
    expect(FULL_CHROMIUM).toBe('/usr/bin/chromium');
  });
});
