import { screen, within } from '@testing-library/react';

const follows = (later: Node, earlier: Node) =>
  Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

/**
 * A description list's values, read as a screen reader reads them: the definitions after the term
 * with this text and before the next term, inside `container`.
 */
export function definitionsOf(container: HTMLElement, term: string): HTMLElement[] {
  const scope = within(container);
  const termElement = scope.getByText(term, { selector: 'dt' });
  const nextTerm = scope.getAllByRole('term').find((other) => follows(other, termElement));
  const definitions = scope
    .getAllByRole('definition')
    .filter((candidate) => follows(candidate, termElement) && !(nextTerm && follows(candidate, nextTerm)));
  if (definitions.length === 0) throw new Error(`No definition follows the term '${term}'`);
  return definitions;
}

/** The (first) value of a term in a description list; see `definitionsOf`. */
export const definitionOf = (container: HTMLElement, term: string): HTMLElement => definitionsOf(container, term)[0]!;

/**
 * The one list item (a card in a list) with a heading of this name: how a user finds one card among
 * many. A nested list's items (an idea's images) never hold the card's heading, so they do not count.
 */
export function getListItemWithHeading(name: string, container: HTMLElement = document.body): HTMLElement {
  const matches = within(container)
    .getAllByRole('listitem')
    .filter((item) => within(item).queryByRole('heading', { name }) !== null);
  if (matches.length !== 1)
    throw new Error(`Expected one list item with the heading '${name}', found ${matches.length}`);
  return matches[0]!;
}

/** The one element of a role (a list item, an option) that shows this text, like a user finds it. */
export function getByRoleWithText(role: string, text: string | RegExp, container: HTMLElement = document.body) {
  const matches = within(container)
    .getAllByRole(role)
    .filter((element) => within(element).queryAllByText(text).length > 0);
  if (matches.length !== 1) throw new Error(`Expected one ${role} showing '${String(text)}', found ${matches.length}`);
  return matches[0]!;
}

/** The region (a card with its title) named by its heading. */
export const getRegion = (name: string | RegExp) => screen.getByRole('region', { name });

/**
 * The focused element inside `container` (throws when the focus is elsewhere): a focus trap keeps it
 * there. Matches any element the `:focus` selector picks, text or not.
 */
export const getFocusedWithin = (container: HTMLElement) =>
  within(container).getByText(() => true, { selector: ':focus' });

/**
 * A tag of the document's head (meta, link): crawlers and share previews read it, no user sees it, so
 * no query by role reaches it.
 */
export const headTag = (selector: string) => document.head.querySelector(selector);
