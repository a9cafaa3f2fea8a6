import { checkResponse } from './openapi-check';

let lastAddress = 0;

/** A made-up client address in a documentation range, so every test client counts as its own visitor. */
export function nextClientAddress(): string {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250) % 250}.${(lastAddress % 250) + 1}`;
}

/**
 * A tiny browser stand-in: keeps cookies between calls and sends JSON as the web app does. Each
 * client has its own address (the test server trusts X-Forwarded-For as it would behind a load
 * balancer), so per-address limits apply per client.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    readonly address: string = nextClientAddress(),
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'X-Forwarded-For': this.address,
        'X-Forwarded-Proto': 'https',
        ...(method === 'GET' || method === 'HEAD' ? {} : this.originHeader()),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      // A string or bytes go as they are (a CSV file, say, with its Content-Type in headers).
      body:
        body === undefined ? undefined : typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value.join('=') === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HTML page, say): callers read .text instead.
    }
    checkResponse(method, path, response.status, json);
    return { status: response.status, headers: response.headers, text, json: json as Record<string, unknown> & unknown[] };
  }

  /** A call whose answer is a file (a download): its bytes, as the browser saves them. */
  async download(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'X-Forwarded-For': this.address,
        'X-Forwarded-Proto': 'https',
        ...(method === 'GET' ? {} : this.originHeader()),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** A multipart upload, as the browser's FormData sends it. */
  async upload(path: string, file: { bytes: Uint8Array; name: string; type: string } | null, field = 'file') {
    const form = new FormData();
    if (file) form.append(field, new Blob([file.bytes as BlobPart], { type: file.type }), file.name);
    else form.append('note', 'no file here');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'X-Forwarded-For': this.address,
        'X-Forwarded-Proto': 'https',
        ...this.originHeader(),
        ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {}),
      },
      body: form,
    });
    const text = await response.text();
    const json = (text ? JSON.parse(text) : {}) as Record<string, string>;
    checkResponse('POST', path, response.status, json);
    return { status: response.status, headers: response.headers, text, json };
  }

  /**
   * The page's own origin, as a browser names it on every change it sends (https, behind the TLS
   * proxy this client stands for), once it holds a session: the server refuses a signed-in change
   * that names no page. Without a session it stands for a script, which names none.
   */
  private originHeader(): Record<string, string> {
    return this.cookies.size > 0 ? { Origin: new URL(this.baseUrl).origin.replace(/^http:/, 'https:') } : {};
  }

  get = (path: string, headers?: Record<string, string>) => this.call('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.call('POST', path, body ?? {}, headers);

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
