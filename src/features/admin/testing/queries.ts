import { screen, within } from '@testing-library/react';

/**
 * The item of a list (a card in an admin list) with a heading named `heading`, or showing `text`:
 * how a user finds one card among many. Exactly one item must match; a nested list's items (an
 * idea's images) never hold the card's heading, so they do not count.
 */
export function getListItem(match: { heading: string } | { text: string }): HTMLElement {
  const items = screen
    .getAllByRole('listitem')
    .filter((item) =>
      'heading' in match
        ? within(item).queryByRole('heading', { name: match.heading }) !== null
        : within(item).queryByText(match.text) !== null,
    );
  if (items.length !== 1) throw new Error(`${items.length} list items match ${JSON.stringify(match)}, not one`);
  return items[0]!;
}

/**
 * What a description list in `container` says for `term` (the definition after the term, as it is
 * read): terms and definitions pair up in order.
 */
export function getDefinition(container: HTMLElement, term: string): HTMLElement {
  const terms = within(container).getAllByRole('term');
  const definitions = within(container).getAllByRole('definition');
  if (terms.length !== definitions.length) throw new Error('every term needs exactly one definition');
  const index = terms.findIndex((candidate) => candidate.textContent === term);
  if (index < 0) throw new Error(`no term ${term}`);
  return definitions[index]!;
}
