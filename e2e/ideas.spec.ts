// Ideas (product.md#dashboard-2, §4, §5, §7): a member submits an idea with two images and sees the
// automation service's feedback, finds it, votes once; another member comments; the admin accepts
// it and deletes another idea, whose images leave storage with it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { IdeasBoardPage, SubmitIdeaPage } from './pages/ideas-pages';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { answerIdeas, defaultFeedback, receivedIdeas } from './support/automation';
import { API_URL } from './support/env';
import { createMember, type Member } from './support/factories';
import { pngImage } from './support/images';
import { accessToken, createIdeaWithImages, storedObjects } from './support/ideas';
import { SEEDED_ADMIN, signIn } from './support/session';

/** The seeded admin (supabase/seed.sql, README). Read-only for tests. */
const ADMIN = SEEDED_ADMIN;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

test('a member submits an idea with images, votes once; another comments; the admin accepts it and deletes another', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  const title = `Planer posiłków ${tag}`;
  const author: Member = await createMember({ label: 'idea-author' });
  const commenter: Member = await createMember({ label: 'idea-commenter' });
  const { userId: authorId } = await accessToken(author.email, author.password);
  const doomed = await createIdeaWithImages(commenter, `Do usunięcia ${tag}`, 2);
  expect(await storedObjects(doomed.imagePaths)).toEqual([...doomed.imagePaths].sort());

  // --- the author submits ------------------------------------------------------------------------
  await signIn(page, author);
  const form = await new SubmitIdeaPage(page).open();
  await form.fill({
    title,
    description:
      'Aplikacja planuje posiłki na cały tydzień, układa listę zakupów i podpowiada przepisy z tego, co zostało w lodówce.',
    category: 'Styl życia',
    targetAudience: 'Zapracowani rodzice',
    monetizationStrategy: 'Subskrypcja z okresem próbnym',
    images: [
      { name: 'okladka.png', mimeType: 'image/png', buffer: pngImage(64, 48, [250, 204, 21]) },
      { name: 'ekran.png', mimeType: 'image/png', buffer: pngImage(48, 64, [30, 64, 175]) },
    ],
  });
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'Zgłoś pomysł (filled in, two previews)' });
  await form.submit.click();

  await expect(form.resultHeading).toBeVisible();
  await expect(form.feedback(defaultFeedback(title))).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'Zgłoś pomysł (feedback)' });

  // What the automation service got: the idea's fields with its id, author and both images.
  const [received] = await receivedIdeas(title);
  expect(received?.body).toMatchObject({
    title,
    category: 'lifestyle',
    targetAudience: 'Zapracowani rodzice',
    monetizationStrategy: 'Subskrypcja z okresem próbnym',
    submittedBy: authorId,
  });
  expect(received?.body.imageUrls).toHaveLength(2);
  for (const url of received!.body.imageUrls) {
    expect(url.startsWith(`${API_URL}/storage/v1/object/public/idea-images/${authorId}/`)).toBe(true);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  }

  // --- finds it and votes 4 stars, once ------------------------------------------------------------
  await page.getByRole('link', { name: 'Zobacz pomysły' }).click();
  const board = new IdeasBoardPage(page);
  await expect(board.heading).toBeVisible();
  let card = await board.find(title);
  await expect(card.getByText('W ocenie')).toBeVisible();
  await expect(card.getByText(defaultFeedback(title))).toBeVisible();
  await expect(card.getByRole('button', { name: /Powiększ obraz/ })).toHaveCount(2);
  await board.star(card, 4).click();
  await expect(card.getByText('Już zagłosowałeś')).toBeVisible();
  await expect(card.getByText('Średnia ocena: 4,0 z 5')).toBeAttached();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'Pomysły (after voting)' });

  await page.reload();
  card = board.card(title);
  await expect(card).toBeVisible();
  await expect(card.getByText('Już zagłosowałeś')).toBeVisible();
  for (const n of [1, 2, 3, 4, 5]) await expect(board.star(card, n)).toBeDisabled();
  await expect(board.star(card, 4)).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText(/1 głos$/)).toBeVisible();

  // The lightbox shows the first image large.
  await card.getByRole('button', { name: 'Powiększ obraz 1 z 2' }).click();
  const lightbox = page.getByRole('dialog', { name: `Obraz 1 z 2: ${title}` });
  await expect(lightbox.getByRole('img')).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'Pomysły (lightbox)' });
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // --- another member comments -----------------------------------------------------------------------
  const other = await signedInPage(browser, commenter);
  const otherBoard = await new IdeasBoardPage(other).goto();
  const otherCard = await otherBoard.find(title);
  await expect(otherCard.getByText('Już zagłosowałeś')).toBeHidden();
  await otherCard.getByRole('button', { name: 'Komentarze (0)' }).click();
  await otherCard.getByRole('textbox', { name: 'Dodaj komentarz' }).fill('Chętnie bym z tego korzystał!');
  await otherCard.getByRole('button', { name: 'Dodaj komentarz' }).click();
  const comments = otherCard.getByRole('list', { name: `Komentarze do pomysłu ${title}` });
  await expect(comments.getByRole('listitem').first()).toContainText(commenter.name);
  await expect(comments.getByRole('listitem').first()).toContainText('Chętnie bym z tego korzystał!');
  await expect(comments).not.toContainText(commenter.email);
  await expect(otherCard.getByRole('button', { name: 'Komentarze (1)' })).toBeVisible();
  await other.context().close();

  // --- the admin accepts it and deletes the other idea --------------------------------------------------
  const admin = await signedInPage(browser, ADMIN);
  const adminBoard = await new IdeasBoardPage(admin).goto();
  const adminCard = await adminBoard.find(title);
  await adminCard.getByRole('button', { name: 'Zaakceptuj' }).click();
  await expect(adminCard.getByText('Zaakceptowany')).toBeVisible();
  await expect(adminCard.getByRole('button', { name: 'Zaakceptuj' })).toBeHidden();
  await expect(adminCard.getByRole('button', { name: 'Odrzuć' })).toBeHidden();

  const doomedCard = await adminBoard.find(doomed.title);
  await doomedCard.getByRole('button', { name: 'Usuń' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Usuń pomysł' });
  await expect(confirm).toContainText('Czy na pewno chcesz usunąć ten pomysł?');
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'Pomysły (delete confirmation)' });
  await confirm.getByRole('button', { name: 'Usuń' }).click();
  await expect(admin.getByText('Pomysł został usunięty')).toBeVisible();
  await expect(adminBoard.card(doomed.title)).toBeHidden();
  await expect(admin.getByText('Nie znaleziono pomysłów pasujących do kryteriów')).toBeVisible();
  expect(await storedObjects(doomed.imagePaths)).toEqual([]);
  for (const url of doomed.imageUrls) expect((await fetch(url)).ok).toBe(false);
  await admin.context().close();
});

test('a failing automation service: the idea is saved and shows "Webhook request failed"', async ({ page }) => {
  const title = `Awaria automatyzacji ${unique()}`;
  await answerIdeas({ titleContains: title, status: 503, feedback: 'Niedostępne' });
  const author = await createMember({ label: 'idea-webhook-down' });
  await signIn(page, author);
  const form = await new SubmitIdeaPage(page).open();
  await form.fill({
    title,
    description: 'Opis pomysłu.',
    category: 'Biznes',
    targetAudience: 'Firmy',
    monetizationStrategy: 'Licencje',
  });
  await form.submit.click();
  await expect(form.resultHeading).toBeVisible();
  await expect(form.feedback('Webhook request failed')).toBeVisible();

  const board = await new IdeasBoardPage(page).goto();
  const card = await board.find(title);
  await expect(card.getByText('Webhook request failed')).toBeVisible();
});

test("the board's view is in the address: reload keeps the search and sort, back undoes the category", async ({
  page,
}) => {
  const member = await createMember({ label: 'idea-url' });
  const title = `Adres zapamiętany ${unique()}`;
  await createIdeaWithImages(member, title, 0);
  await signIn(page, member);
  const board = await new IdeasBoardPage(page).goto();
  await board.find(title);
  const sort = page.getByRole('combobox', { name: 'Sortuj według' });
  const category = page.getByRole('combobox', { name: 'Kategoria' });
  await sort.selectOption({ label: 'Najwięcej głosów' });
  await expect(page).toHaveURL(/[?&]sort=votes/);

  await page.reload();
  await expect(board.search).toHaveValue(title);
  await expect(sort).toHaveValue('votes');
  await expect(board.card(title)).toBeVisible();

  // The idea is a game ('games'): another category hides it, back brings it back.
  await category.selectOption({ label: 'Produktywność' });
  await expect(page).toHaveURL(/[?&]category=productivity/);
  await expect(board.card(title)).toBeHidden();
  await page.goBack();
  await expect(category).toHaveValue('');
  await expect(board.search).toHaveValue(title);
  await expect(board.card(title)).toBeVisible();

  // A hand-edited address with invalid values: the defaults, no error.
  await page.goto('/dashboard/ideas?sort=nope&page=-3&category=x');
  await expect(board.heading).toBeVisible();
  await expect(sort).toHaveValue('date');
  await expect(category).toHaveValue('');
});

test("'Moje pomysły' shows only the member's ideas; the member withdraws a pending one and its images go with it", async ({
  page,
}) => {
  const tag = unique();
  const member = await createMember({ label: 'idea-withdraw' });
  const other = await createMember({ label: 'idea-withdraw-other' });
  const own = await createIdeaWithImages(member, `Wycofam ${tag}`, 2);
  const foreign = await createIdeaWithImages(other, `Cudzy ${tag}`, 0);
  test.setTimeout(120_000);
  await signIn(page, member);
  const board = await new IdeasBoardPage(page).goto();
  await board.search.fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(board.card(own.title)).toBeVisible();
  await expect(board.card(foreign.title)).toBeVisible();
  await expect(board.card(foreign.title).getByRole('button', { name: /Wycofaj/ })).toHaveCount(0);

  const mine = page.getByRole('checkbox', { name: 'Moje pomysły' });
  await mine.check();
  await expect(page).toHaveURL(/[?&]mine=1/);
  await expect(board.card(foreign.title)).toBeHidden();
  await page.reload();
  await expect(mine).toBeChecked();
  const card = board.card(own.title);
  await expect(card).toBeVisible();
  await expect(board.card(foreign.title)).toBeHidden();

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.getByRole('button', { name: `Wycofaj pomysł ${own.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Wycofaj pomysł' });
    await expect(dialog).toContainText('Czy na pewno chcesz wycofać ten pomysł?');
    await expectNoSeriousA11yViolations(page, { label: `Pomysły (withdraw confirmation, ${width} px)` });
    if (width === 390) {
      await dialog.getByRole('button', { name: 'Wycofaj' }).click();
    } else {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  await expect(page.getByText('Pomysł został wycofany')).toBeVisible();
  await expect(card).toBeHidden();
  expect(await storedObjects(own.imagePaths)).toEqual([]);
});
