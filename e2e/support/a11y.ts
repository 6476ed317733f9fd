// Accessibility checks with axe-core: every screen an E2E journey shows must have no serious or
// critical violation (WCAG 2.x A and AA rules, best practices and axe's experimental rules included).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe-core's color-contrast rule parses the same few CSS colour strings thousands of times per check
 * (every element's and every ancestor's colours, through colorjs.io): about a third of each check's
 * time. This adds a memo to its `Color.prototype.parseString`, a pure function of the string, so each
 * string is parsed once per check; a string that fails to parse still goes to axe every time (its
 * error and its "incomplete" note unchanged). e2e/a11y.spec.ts proves the results equal to plain
 * axe-core's, passes and incomplete results with their data included.
 */
export const AXE_COLOR_MEMO = `;(() => {
  const Color = window.axe.commons.color.Color;
  const parse = Color.prototype.parseString;
  const parsed = new Map();
  Color.prototype.parseString = function (colorString) {
    const known = parsed.get(colorString);
    if (known === undefined) {
      parse.call(this, colorString);
      parsed.set(colorString, [this.r, this.g, this.b, this.alpha]);
      return this;
    }
    [this.r, this.g, this.b, this.alpha] = known;
    return this;
  };
})();`;

/** axe-core as @axe-core/playwright would inject it, without the memo (for the comparison). */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rules every check runs: WCAG 2.0 and 2.1, A and AA, axe's best practices, and the rules axe
 * tags `experimental` (axe leaves those out unless the tag is asked for, whatever else is). Among them
 * label-content-name-mismatch (WCAG 2.5.3 Label in Name: a control's accessible name contains its
 * visible text), p-as-heading, td-has-header, table-fake-caption and css-orientation-lock.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'];

/**
 * The experimental rules whose every finding is 'minor' (axe-core 4.13): a check fails only on serious
 * and critical ones, so these could never fail it and are not run. hidden-content visits every
 * element of the page, hidden ones too, to list them for a manual review. Measured on four pages
 * (the main panel, the plans, the admin's users and audit tabs; 12 checks each, a busy machine): a
 * check took 2.16 s without the experimental rules, 2.25 s with them, and 2.49 s with these two too.
 */
export const AXE_MINOR_ONLY_RULES = ['hidden-content', 'focus-order-semantics'];

/**
 * Runs axe-core on the page as it is now (optionally limited to a part of it, e.g. an open dialog)
 * and fails with a readable list when anything serious or critical is found. Wait for the screen's
 * content first: a loading state checks nothing.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string; label?: string } = {}) {
  const report = await seriousA11yViolations(page, options);
  expect(report, `axe-core on ${options.label ?? page.url()}`).toEqual([]);
}

/**
 * The serious and critical violations axe-core finds on the page as it is now, one readable entry
 * per rule ('serious: label-content-name-mismatch (…)' and its first five elements).
 */
export async function seriousA11yViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  // Only the violations are gathered in full: for passes, incomplete and inapplicable results axe
  // then keeps one node per rule instead of building a selector for every node it checked.
  const axeOptions = {
    resultTypes: ['violations'],
    rules: Object.fromEntries(AXE_MINOR_ONLY_RULES.map((rule) => [rule, { enabled: false }])),
    runOnly: { type: 'tag', values: AXE_TAGS },
  };
  const started = performance.now();
  // A page without frames is checked with one axe.run in the page, as @axe-core/playwright's "legacy
  // mode" runs it, but with axe-core evaluated once per document: the builder evaluates its 560 kB
  // twice per check, and a journey checks the same document again and again (each screen at two
  // widths, each dialog). The default mode runs axe per frame and joins the results in a new blank
  // page (a renderer per check); that only matters for cross-origin frames, so a page that has any
  // keeps it.
  const { violations } =
    page.frames().length === 1
      ? await axeInThisDocument(page, options.include, axeOptions)
      : await withFrames(page, options.include, axeOptions);
  // How long axe took, in the report (annotation "axe-ms"): the E2E suite's cost is counted from it.
  test.info().annotations.push({ type: 'axe-ms', description: String(Math.round(performance.now() - started)) });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  return serious.map(
    (violation) =>
      `${violation.impact}: ${violation.id} (${violation.help})\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`)
        .join('\n'),
  );
}

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

/** @axe-core/playwright's default mode, for a page with frames. */
function withFrames(page: Page, include: string | undefined, options: Record<string, unknown>) {
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE + AXE_COLOR_MEMO }).options(
    options as Parameters<AxeBuilder['options']>[0],
  );
  return (include ? builder.include(include) : builder).analyze();
}

/**
 * axe.run in the page, with axe-core (and the colour memo, and the configuration the builder's
 * legacy mode gives it) evaluated only when this document has none yet: a navigation starts a new
 * document, and with it a new axe; a route change of the app keeps both.
 */
async function axeInThisDocument(
  page: Page,
  include: string | undefined,
  options: Record<string, unknown>,
): Promise<{ violations: AxeViolation[] }> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) {
    await page.evaluate(
      `${AXE_SOURCE}${AXE_COLOR_MEMO};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`,
    );
  }
  return page.evaluate(
    ({ include, options }) =>
      (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe.run(include ? { include: [include], exclude: [] } : document, options),
    { include, options },
  );
}

/** The widths every member screen is checked at: the desktop and a phone (issue 24 §6). */
export const A11Y_WIDTHS = [1366, 390] as const;

/**
 * expectNoSeriousA11yViolations at 1366 px and at 390 px, one viewport switch on the same screen
 * (no second journey), then back to the viewport the page had.
 */
export async function expectNoSeriousA11yViolationsAtBothWidths(
  page: Page,
  options: { include?: string; label?: string } = {},
): Promise<void> {
  const previous = page.viewportSize();
  for (const width of A11Y_WIDTHS) {
    await page.setViewportSize({ width, height: previous?.height ?? 900 });
    await expectNoSeriousA11yViolations(page, { ...options, label: `${options.label ?? page.url()} at ${width} px` });
  }
  if (previous) await page.setViewportSize(previous);
}

/**
 * expectNoSeriousA11yViolationsAtBothWidths on a screen that moves on by itself after a few seconds
 * (the not-found page, a successful activation): two axe runs can take longer than that on a busy
 * machine. The page's clock (`page.clock.install()` before the page opened) is held while axe reads
 * the screen, and moves a millisecond at a time (a tenth of real time) so that axe's own timers
 * fire; then it flows again and the screen moves on.
 */
export async function expectNoSeriousA11yViolationsOnTimedScreen(
  page: Page,
  options: { include?: string; label?: string } = {},
): Promise<void> {
  // Held a few milliseconds ahead of the page's time; on a busy machine that moment may have passed
  // before the call arrives (the clock refuses to go back): then again from the page's new time.
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    const held = await page.clock.pauseAt(now + 25).then(
      () => true,
      (error: unknown) => {
        if (String(error).includes('Cannot fast-forward to the past')) return false;
        throw error;
      },
    );
    if (held) break;
  }
  let checked = false;
  const check = expectNoSeriousA11yViolationsAtBothWidths(page, options).finally(() => {
    checked = true;
  });
  // A millisecond of the page's time per 10 ms of ours: the page's time moves a tenth as fast as it
  // would (its 2 or 5 s last 20 or 50 s), while every timer axe sets for "now" still fires.
  while (!checked) {
    await page.clock.runFor(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await check;
  await page.clock.resume();
}
