import { ApiError, NETWORK_ERROR_MESSAGE, errorMessageOf, type FieldErrors } from './api-fetch';

function jsonOf(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * A call whose body is a file rather than JSON (a guest list as CSV), answered with JSON and refused
 * as any call is. Kept out of api-fetch.ts, which every page loads, guests' included: the gift
 * page's script budget has no room for it.
 */
export async function apiSendText<T>(path: string, content: string, type: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': type, Accept: 'application/json' },
      credentials: 'include',
      body: content,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  const body = jsonOf(text);
  if (!response.ok) {
    // The server's errors are {field: message}; here, one message per bad line.
    const errors = (body as { errors?: unknown } | undefined)?.errors;
    throw new ApiError(
      response.status,
      errorMessageOf(body, text, response.statusText, response.status),
      body,
      typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : undefined,
    );
  }
  return body as T;
}
