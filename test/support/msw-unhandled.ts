import type { SetupServer } from 'msw/node';

type ListenOptions = NonNullable<Parameters<SetupServer['listen']>[0]>;

/**
 * An onUnhandledFrame handler (MSW 3's name for onUnhandledRequest) that errors the request, as
 * 'error' does, and records it: SDKs catch and retry network errors, so the error alone could be
 * swallowed; tests check the list after each test.
 */
export function recordUnhandledRequests(): { strict: ListenOptions['onUnhandledFrame']; unhandled: string[] } {
  const unhandled: string[] = [];
  return {
    unhandled,
    strict: ({ frame, defaults }) => {
      const data = frame.data as { request?: Request } | undefined;
      unhandled.push(data?.request ? `${data.request.method} ${data.request.url}` : frame.protocol);
      defaults.error();
    },
  };
}
