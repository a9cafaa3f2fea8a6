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

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
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

  const text = await response.text();
  const body = parseJson(text);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      errorMessageOf(body, text, response.statusText, response.status),
      body,
      fieldErrorsOf(body),
    );
  }
  return (body === undefined && text !== '' ? text : body) as T;
}

/**
 * A call whose answer is a file (an export): its bytes and the name the server gave it. A failure
 * is an ApiError with its message chosen as for any call.
 */
export async function apiDownload(path: string, request: ApiRequest = {}): Promise<{ blob: Blob; fileName: string }> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (request.body !== undefined) init.body = JSON.stringify(request.body);
  let response: Response;
  try {
    response = await fetch(toUrl(path), init);
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const text = await response.text();
    const body = parseJson(text);
    throw new ApiError(response.status, errorMessageOf(body, text, response.statusText, response.status), body, fieldErrorsOf(body));
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), fileName: named?.[1] ?? 'download' };
}

/** The SWR fetcher: the key is the path. */
export function swrFetcher<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}
