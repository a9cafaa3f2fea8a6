import { errorMessageOf, NETWORK_ERROR_MESSAGE } from '@/lib/api-fetch';

export const UPLOAD_PATH = '/api/objects/upload';
export const UNKNOWN_UPLOAD_ERROR = 'Unknown error occurred';

export type UploadFailureKind = 'server' | 'network' | 'unknown';

/** A failed upload: the server refused it (with its message), the network failed, or neither. */
export class UploadError extends Error {
  readonly kind: UploadFailureKind;
  readonly status: number;

  constructor(kind: UploadFailureKind, message: string, status = 0) {
    super(message);
    this.name = 'UploadError';
    this.kind = kind;
    this.status = status;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/objects/upload as multipart form data (field `file`), with the session cookie.
 * XMLHttpRequest rather than fetch, because only it reports upload progress. Answers the
 * stored photo's URL.
 */
export function uploadPhotoFile(file: File, onProgress: (fraction: number) => void = () => {}, signal?: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };

    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      const body = parseJson(text);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 0) {
          reject(new UploadError('network', NETWORK_ERROR_MESSAGE));
          return;
        }
        reject(new UploadError('server', errorMessageOf(body, text, xhr.statusText, xhr.status), xhr.status));
        return;
      }
      const photoUrl = (body as { photoUrl?: unknown } | undefined)?.photoUrl;
      if (typeof photoUrl === 'string' && photoUrl !== '') {
        onProgress(1);
        resolve(photoUrl);
      } else {
        reject(new UploadError('unknown', UNKNOWN_UPLOAD_ERROR, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError('network', NETWORK_ERROR_MESSAGE));
    xhr.ontimeout = () => reject(new UploadError('network', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
