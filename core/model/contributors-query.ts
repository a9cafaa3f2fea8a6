import { pageParam, refuseParam, refuseUnknownParams, singleParam } from './query-params';

/**
 * How the thank-you cards page asks for its contributors a page at a time, searched by the
 * giver's name or e-mail (docs/product.md#thank-you-cards-page). Shared with the web, which pages
 * by this size.
 */
export const CONTRIBUTORS_PAGE_SIZE = 50;
export const CONTRIBUTORS_SEARCH_MAX_LENGTH = 200;

export interface ContributorsQuery {
  q: string;
  /** From 1. */
  page: number;
}

/** Reads the query string of a page of contributors; anything it does not offer is refused with a message for its field. */
export function parseContributorsQuery(query: unknown): ContributorsQuery {
  const params = (query ?? {}) as Record<string, unknown>;
  refuseUnknownParams(params, ['q', 'page']);
  const q = (singleParam(params, 'q') ?? '').trim();
  if (q.length > CONTRIBUTORS_SEARCH_MAX_LENGTH) refuseParam('q', `Search can be at most ${CONTRIBUTORS_SEARCH_MAX_LENGTH} characters`);
  return { q, page: pageParam(params) };
}
