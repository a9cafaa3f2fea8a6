import { apiResponse, type ApiRequest } from './api-fetch';

/**
 * A call whose answer is a file (an export): its bytes and the name the server gave it. Kept out
 * of api-fetch.ts, which every page loads, guests' included.
 */
export async function apiDownload(path: string, request: ApiRequest = {}): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiResponse(path, request);
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), fileName: named?.[1] ?? 'download' };
}
