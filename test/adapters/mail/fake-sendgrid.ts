import { http, HttpResponse, delay } from 'msw';

export const SENDGRID_SEND_URL = 'https://api.sendgrid.com/v3/mail/send';

export interface ReceivedMail {
  authorization: string | null;
  contentType: string | null;
  body: {
    personalizations: { to: { email: string; name?: string }[] }[];
    from: { email: string; name?: string };
    reply_to?: { email: string; name?: string };
    subject: string;
    content: { type: string; value: string }[];
    attachments?: { content: string; filename: string; type?: string; disposition?: string }[];
    headers?: Record<string, string>;
    custom_args?: Record<string, string>;
    tracking_settings?: Record<string, { enable?: boolean; enable_text?: boolean }>;
  };
}

/**
 * MSW answering https://api.sendgrid.com/v3/mail/send as SendGrid does: 202 with an empty body when
 * the request is well formed and carries the expected key, 401 with SendGrid's error body otherwise,
 * and whatever failure a test asks for next.
 */
export function fakeSendGrid(validKeys: string[]) {
  const received: ReceivedMail[] = [];
  /** The requests SendGrid took (202): the messages it goes on to deliver. */
  const accepted: ReceivedMail['body'][] = [];
  let nextFailure: { status: number; message: string; field?: string | null } | 'network' | { delayMs: number } | null = null;

  const handler = http.post(SENDGRID_SEND_URL, async ({ request }) => {
    const body = (await request.json()) as ReceivedMail['body'];
    const authorization = request.headers.get('authorization');
    received.push({ authorization, contentType: request.headers.get('content-type'), body });
    const failure = nextFailure;
    nextFailure = null;
    if (failure === 'network') return HttpResponse.error();
    if (failure && 'delayMs' in failure) await delay(failure.delayMs);
    if (!validKeys.some((key) => authorization === `Bearer ${key}`)) {
      return HttpResponse.json(
        { errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null }] },
        { status: 401 },
      );
    }
    if (failure && 'status' in failure) {
      return HttpResponse.json(
        { errors: [{ message: failure.message, field: failure.field ?? null, help: null }] },
        { status: failure.status },
      );
    }
    if (!body.personalizations?.[0]?.to?.[0]?.email || !body.from?.email || !body.subject || !body.content?.length) {
      return HttpResponse.json({ errors: [{ message: 'Bad Request', field: null, help: null }] }, { status: 400 });
    }
    accepted.push(body);
    return new HttpResponse(null, { status: 202, headers: { 'x-message-id': `msg-${received.length}` } });
  });

  return {
    handlers: [handler],
    received,
    accepted,
    /** The next request fails this way (then SendGrid is healthy again). */
    failNext(failure: NonNullable<typeof nextFailure>) {
      nextFailure = failure;
    },
    reset() {
      received.splice(0);
      accepted.splice(0);
      nextFailure = null;
    },
  };
}
