// /dashboard/submit-idea ('Zgłoś pomysł') and /dashboard/ideas ('Pomysły'), product.md#dashboard-2 Ideas.
import { expect, type Locator, type Page } from '@playwright/test';

export interface IdeaInput {
  title: string;
  description: string;
  /** The category's Polish name, e.g. 'Produktywność'. */
  category: string;
  targetAudience: string;
  monetizationStrategy: string;
  images?: { name: string; mimeType: string; buffer: Buffer }[];
}

export class SubmitIdeaPage {
  readonly heading: Locator;
  readonly submit: Locator;
  readonly resultHeading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Zgłoś pomysł', level: 1 });
    this.submit = page.getByRole('button', { name: 'Zgłoś pomysł' });
    this.resultHeading = page.getByRole('heading', { name: 'Pomysł został zgłoszony' });
  }

  /** Through the side menu, as a member would. */
  async open(): Promise<this> {
    await this.page
      .getByRole('navigation', { name: 'Menu główne' })
      .getByRole('link', { name: 'Zgłoś pomysł' })
      .click();
    await expect(this.heading).toBeVisible();
    return this;
  }

  async fill(idea: IdeaInput): Promise<void> {
    const main = this.page.getByRole('main');
    await main.getByLabel('Tytuł').fill(idea.title);
    await main.getByLabel('Opis').fill(idea.description);
    await main.getByLabel('Kategoria').selectOption({ label: idea.category });
    await main.getByLabel('Grupa docelowa').fill(idea.targetAudience);
    await main.getByLabel('Strategia monetyzacji').fill(idea.monetizationStrategy);
    if (idea.images?.length) {
      await main.getByLabel('Obrazy').setInputFiles(idea.images);
      for (const image of idea.images) {
        await expect(main.getByRole('img', { name: `Podgląd obrazu ${image.name}` })).toBeVisible();
      }
    }
  }

  /** The automation service's answer shown after sending. */
  feedback(text: string): Locator {
    return this.page.getByRole('main').getByText(text, { exact: true });
  }
}

export class IdeasBoardPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Pomysły', level: 1 });
    this.search = page.getByRole('searchbox', { name: 'Szukaj pomysłów' });
    this.list = page.getByRole('region', { name: 'Lista pomysłów' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/dashboard/ideas');
    await expect(this.heading).toBeVisible();
    return this;
  }

  /** Types the title into the search and waits for the search's result: its card. */
  async find(title: string): Promise<Locator> {
    await this.search.fill(title);
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(title).replace(/%20/g, '\\+')}`));
    await expect(this.list).not.toHaveAttribute('aria-busy', 'true');
    const card = this.card(title);
    await expect(card).toBeVisible();
    return card;
  }

  card(title: string): Locator {
    return this.page.getByRole('article', { name: title });
  }

  star(card: Locator, n: number): Locator {
    return card.getByRole('button', { name: `Oceń na ${n} z 5` });
  }
}
