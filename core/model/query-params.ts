import { DomainError } from '../errors';

/** A query string's parameter refused, with a message for its field. */
export function refuseParam(field: string, message: string): never {
  throw new DomainError('validation.failed', message, { [field]: message });
}

/** One text value per parameter: a repeated parameter is refused rather than guessed at. */
export function singleParam(query: Record<string, unknown>, field: string): string | undefined {
  const value = query[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') refuseParam(field, `Give ${field} once`);
  return value;
}

/** Refuses any parameter the call does not offer, naming them all. */
export function refuseUnknownParams(query: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(query).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) refuseParam(unknown[0]!, `Unknown parameter: ${unknown.join(', ')}`);
}

/** Far beyond any registry (50,000 gifts), so a page number is a small integer. */
const MAX_PAGE = 1000;

/** The page asked for, from 1 (the first without one). */
export function pageParam(query: Record<string, unknown>): number {
  const pageText = singleParam(query, 'page') ?? '1';
  const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) refuseParam('page', `Page must be a whole number from 1 to ${MAX_PAGE}`);
  return page;
}
