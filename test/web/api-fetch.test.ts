import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiFetch, ApiError } from '../../web/src/lib/api-fetch';
import { server } from './msw-server';

async function failure(path: string): Promise<ApiError> {
  try {
    await apiFetch(path);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiFetch (docs/product.md#errors-and-messages: generic call failure)', () => {
  it('returns the JSON body', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ ok: true })));
    await expect(apiFetch('/api/thing')).resolves.toEqual({ ok: true });
  });

  it('takes the message field first, and keeps status and field errors', async () => {
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json({ message: 'Bad input', error: 'ignored', errors: { email: 'Email is required' } }, { status: 400 }),
      ),
    );
    const error = await failure('/api/thing');
    expect(error.message).toBe('Bad input');
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ email: 'Email is required' });
  });

  it('then the error field', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ error: 'File too large' }, { status: 413 })));
    expect((await failure('/api/thing')).message).toBe('File too large');
  });

  it('then the raw text', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('Service down', { status: 503 })));
    expect((await failure('/api/thing')).message).toBe('Service down');
  });

  it('then the status text', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })));
    expect((await failure('/api/thing')).message).toBe('Bad Gateway');
  });

  it('sends JSON with the Content-Type header on mutating calls', async () => {
    let contentType: string | null = null;
    let body: unknown;
    server.use(
      http.post('/api/thing', async ({ request }) => {
        contentType = request.headers.get('content-type');
        body = await request.json();
        return HttpResponse.json({ id: 'x' }, { status: 201 });
      }),
    );
    await expect(apiFetch('/api/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ id: 'x' });
    expect(contentType).toBe('application/json');
    expect(body).toEqual({ a: 1 });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    const error = await failure('/api/thing');
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error - please check your connection');
  });
});
