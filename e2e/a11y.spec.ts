// The E2E suite's accessibility check (e2e/support/a11y.ts) runs axe-core with a memo on its colour
// parsing. Here, on the app's landing page with its real style sheet plus text in colours of every
// syntax the memo sees (hex, rgb with alpha, hsl in turns, oklch, a gradient), axe-core with the memo
// finds exactly what plain axe-core finds: violations, passes and incomplete results, with each
// check's data (the colours and contrast ratios) and message.
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { AXE_COLOR_MEMO, AXE_MINOR_ONLY_RULES, AXE_SOURCE, AXE_TAGS, seriousA11yViolations } from './support/a11y';

type Outcome = { id: string; nodes: { target: unknown; any: unknown[]; all: unknown[]; none: unknown[] }[] };
type Results = Record<'violations' | 'passes' | 'incomplete', Outcome[]>;

async function axeResults(page: Page, source: string): Promise<Results> {
  await page.evaluate(source);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<Results> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    const keep = (outcomes: Outcome[]) =>
      outcomes.map(({ id, nodes }) => ({
        id,
        nodes: nodes.map(({ target, any, all, none }) => ({ target, any, all, none })),
      }));
    return { violations: keep(results.violations), passes: keep(results.passes), incomplete: keep(results.incomplete) };
  }, AXE_TAGS);
}

test('axe-core with the colour memo reports what plain axe-core reports', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
  await page.evaluate(() => {
    const samples = [
      ['niski kontrast', 'color: #777; background: #888'],
      ['przezroczyste tło', 'color: rgb(120 120 120 / 0.9); background: rgba(136, 136, 136, 0.5)'],
      ['odcień w obrotach', 'color: hsl(0.5turn 10% 50%); background: oklch(60% 0.1 200)'],
      ['gradient', 'color: #fff; background: linear-gradient(#000, #fff)'],
      ['dobry kontrast', 'color: #000; background: #fff'],
    ];
    const box = document.createElement('div');
    for (const [text, style] of samples) {
      const paragraph = document.createElement('p');
      paragraph.textContent = text ?? '';
      paragraph.setAttribute('style', style ?? '');
      box.append(paragraph);
    }
    document.querySelector('main')?.prepend(box);
  });

  const plain = await axeResults(page, AXE_SOURCE);
  const memo = await axeResults(page, AXE_SOURCE + AXE_COLOR_MEMO);
  expect(memo).toEqual(plain);
  // The comparison is not of two empty lists: the low-contrast samples are violations, the gradient
  // is left incomplete, and the page's own text passes.
  const nodesOf = (outcomes: Outcome[]) =>
    outcomes.find((outcome) => outcome.id === 'color-contrast')?.nodes.length ?? 0;
  expect(nodesOf(plain.violations)).toBeGreaterThanOrEqual(3);
  expect(nodesOf(plain.incomplete)).toBeGreaterThanOrEqual(1);
  expect(nodesOf(plain.passes)).toBeGreaterThanOrEqual(5);
});

test("the check runs axe's experimental rules: a name without the visible text and an unreachable scroll box fail it", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The next check of this document reuses its axe-core (evaluated once per document): a mark on it
  // stays, and the check still sees what changed on the page since.
  await page.evaluate(() => {
    (window as unknown as { axe: { klubMark?: boolean } }).axe.klubMark = true;
  });
  await page.evaluate(() => {
    const main = document.querySelector('main');
    // The header badge as it was (issue 39): a name that does not contain the visible text.
    const badge = document.createElement('a');
    badge.href = '/dashboard/investments';
    badge.textContent = 'PREMIUM · do 27.11.2027';
    badge.setAttribute('aria-label', 'Poziom członkostwa: PREMIUM, ważne do 27.11.2027');
    // A wide table in a box that scrolls sideways, with nothing the keyboard can focus.
    const box = document.createElement('div');
    box.id = 'probe-scroll';
    box.setAttribute('style', 'overflow-x: auto; width: 200px');
    box.innerHTML = '<table style="width: 800px"><tr><th scope="col">Pakiet</th></tr><tr><td>GOLD</td></tr></table>';
    main?.prepend(badge, box);
  });
  const report = (await seriousA11yViolations(page)).join('\n');
  expect(report).toContain('serious: label-content-name-mismatch');
  expect(report).toContain('serious: scrollable-region-focusable');
  // Each named once: nothing else on the landing page.
  expect(report.match(/^(serious|critical): /gm)).toHaveLength(2);
  expect(await page.evaluate(() => (window as unknown as { axe: { klubMark?: boolean } }).axe.klubMark)).toBe(true);
  // A new document gets axe-core anew.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the experimental rules the check leaves out could only ever report minor findings', () => {
  // axe-core's rule table as the page gets it (the rule's impact is the impact of its every finding).
  const axe = createRequire(import.meta.url)('axe-core') as { _audit: { rules: { id: string; impact?: string }[] } };
  for (const id of AXE_MINOR_ONLY_RULES) {
    expect(axe._audit.rules.find((rule) => rule.id === id)?.impact, id).toBe('minor');
  }
});
