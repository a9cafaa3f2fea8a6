import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../adapters/http/logged-path';

describe('the path a log line carries', () => {
  it('redacts a personal link’s token, in any case and with what follows it, and leaves other paths as they are', () => {
    const token = 'l0R_wzHf-Vo9_zWKA4oOqCdEsQ6QcIpnGL1mxIDvzd8';
    expect(loggedPath(`/i/${token}`)).toBe('/i/[token]');
    expect(loggedPath(`/I/${token}/`)).toBe('/I/[token]/');
    expect(loggedPath(`/api/invitations/${token}/rsvp`)).toBe('/api/invitations/[token]/rsvp');
    expect(loggedPath(`/API/Invitations/${token}`)).toBe('/API/Invitations/[token]');
    expect(loggedPath('/registry/9b8b9c7f-851a-47ba-b38d-0be7bd23b929')).toBe('/registry/9b8b9c7f-851a-47ba-b38d-0be7bd23b929');
    expect(loggedPath('/api/registries/9b8b/guests')).toBe('/api/registries/9b8b/guests');
    expect(loggedPath('/insert')).toBe('/insert');
  });
});
