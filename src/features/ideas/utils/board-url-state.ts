import { IDEA_CATEGORIES } from '@/data/ideas/category-values';
import { IDEA_SORTS, type BoardParams } from '@/data/ideas/keys';
import { parseUrlState, urlEnum, urlPage, urlText, type UrlState } from '@/lib/use-url-state';

/** The board's state lives in the address (?q=&category=&sort=&page=&mine=1): reload, back and links keep it. */
export const BOARD_URL_STATE = {
  q: urlText(200),
  category: urlEnum(IDEA_CATEGORIES),
  sort: urlEnum(IDEA_SORTS, 'date'),
  page: urlPage(),
  mine: urlEnum(['1']),
};

/** The board's query parameters for a view of the address (the section prefetch reads the same key). */
export function boardParamsOf(view: UrlState<typeof BOARD_URL_STATE>): BoardParams {
  return { search: view.q, category: view.category, sort: view.sort, page: view.page, mine: view.mine === '1' };
}

/** The board's query parameters for an address's search part (no filters: the first page, newest first). */
export function boardParamsFrom(search: URLSearchParams): BoardParams {
  return boardParamsOf(parseUrlState(BOARD_URL_STATE, search));
}
