import { describe, expect, it } from 'vitest';
import { newsletterWorld } from '../support/newsletter-world';

describe('the newsletter’s use cases, built once', () => {
  it('signs an address up once, welcomes it with the link that unsubscribes, and that link takes it off', async () => {
    const { repositories, newsletter, subscribers } = newsletterWorld();
    await newsletter.subscribe({ email: 'Miriam@Example.com' });
    await newsletter.subscribe({ email: 'miriam@example.com' });
    expect(subscribers()).toEqual(['miriam@example.com']);
    expect(repositories.mail.queued).toHaveLength(1);

    const token = /token=([\w-]+)/.exec(repositories.mail.queued[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();
    await expect(newsletter.unsubscribe({ token: 'not-a-token' })).rejects.toMatchObject({ code: 'account.link_invalid' });
    expect(subscribers()).toEqual(['miriam@example.com']);
    await newsletter.unsubscribe({ token });
    expect(subscribers()).toEqual([]);
  });

  it('refuses a bad address and changes nothing', async () => {
    const { repositories, newsletter, subscribers } = newsletterWorld();
    await expect(newsletter.subscribe({ email: 'not an address' })).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(newsletter.subscribe({ email: 'a@b.org', name: 'x' })).rejects.toMatchObject({ code: 'validation.failed' });
    expect(subscribers()).toEqual([]);
    expect(repositories.mail.queued).toEqual([]);
  });
});
