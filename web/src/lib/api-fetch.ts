/**
 * The one fetch wrapper of the web app: cookies go along, JSON goes both ways, and a non-success
 * status becomes an ApiError whose message is chosen as docs/product.md#errors-and-messages says (the response's
 * `message`, else its `error`, else the raw text, else the status text).
 */

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown, fields?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const NETWORK_ERROR_MESSAGE = 'Network error - please check your connection';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The message of a failed call, as docs/product.md#errors-and-messages "Generic call failure" chooses it. */
export function errorMessageOf(body: unknown, rawText: string, statusText: string, status: number): string {
  if (isRecord(body)) {
    const chosen = nonEmptyString(body.message) ?? nonEmptyString(body.error);
    if (chosen) return chosen;
  }
  return nonEmptyString(rawText) ?? nonEmptyString(statusText) ?? `Request failed with status ${status}`;
}

function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const fields: FieldErrors = {};
  for (const [name, message] of Object.entries(body.errors)) {
    if (typeof message === 'string') fields[name] = message;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Resolves a path against the page so the same call works in the browser and under jsdom. */
function toUrl(path: string): string {
  const base = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
  return new URL(path, base).toString();
}

/**
 * Sends a call and answers the response when it succeeded; a network failure or a
 * refusal is an ApiError, its message chosen as for any call. An abort stays an abort.
 */
export async function apiResponse(path: string, request: ApiRequest = {}, accept?: string): Promise<Response> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = accept ? { Accept: accept } : {};
  // Request bodies are JSON; the server parses no other kind on these calls.
  if (method !== 'GET') headers['Content-Type'] = 'application/json';

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (request.body !== undefined) init.body = JSON.stringify(request.body);
  if (request.signal) init.signal = request.signal;

  let response: Response;
  try {
    response = await fetch(toUrl(path), init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const text = await response.text();
    const body = parseJson(text);
    throw new ApiError(response.status, errorMessageOf(body, text, response.statusText, response.status), body, fieldErrorsOf(body));
  }
  return response;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const text = await (await apiResponse(path, request, 'application/json')).text();
  const body = parseJson(text);
  return (body === undefined && text !== '' ? text : body) as T;
}

/** The SWR fetcher: the key is the path. */
export function swrFetcher<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}
