import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 22: on the sandbox the page shell says "test payments" itself, so the web app draws its
 * Test mode banner from the first paint instead of pushing the page down once /api/config answers.
 */

const SHELL = '<!doctype html>\n<html lang="en">\n<head><title>Mitzvah Gifts</title></head><body><div id="root"></div></body></html>';

function aWebRoot(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'registry-shell-'));
  writeFileSync(path.join(webRoot, 'index.html'), SHELL);
  return webRoot;
}

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_51GiftRegistryTestKeyNotReal',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51GiftRegistry',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_shell',
};

let sandbox: TestServer;
let live: TestServer;
beforeAll(async () => {
  [sandbox, live] = await Promise.all([startTestServer({ webRoot: aWebRoot() }), startTestServer({ webRoot: aWebRoot(), env: stripe })]);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), live?.close()]);
});

describe('the page shell', () => {
  it('marks its <html> as test payments on the sandbox, on every page', async () => {
    for (const page of ['/', '/gift/anything', '/charities']) {
      const shell = await new HttpClient(sandbox.url).get(page);
      expect(shell.status).toBe(200);
      expect(shell.text).toContain('<html data-payment-mode="test" lang="en">');
    }
  });

  it('says nothing of the kind on Stripe', async () => {
    const shell = await new HttpClient(live.url).get('/faq');
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('<html lang="en">');
    expect(shell.text).not.toContain('data-payment-mode');
  });
});
