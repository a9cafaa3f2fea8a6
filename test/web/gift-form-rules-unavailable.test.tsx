import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { aRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

// The gift form's rules (with Yup) come in a chunk of their own, loaded at the form's first use;
// here the network fails to bring it, as a phone that loses its signal would.
const load = vi.hoisted(() => vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
vi.mock('../../web/src/features/gifts/lib/load-gift-form-rules', () => ({ loadGiftFormRules: load }));

describe('gift form: its rules could not be loaded', () => {
  it('says the gift failed, sends nothing, and asks for the rules again at the press', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(
        '/api/create-payment-intent',
        async ({ request }) => (sent.push(await request.json()), HttpResponse.json({}, { status: 500 })),
      ),
    );
    serveRegistry(aRegistry());
    const { user } = renderApp(`/gift/${REGISTRY_ID}`);
    await screen.findByRole('form', { name: 'Gift details' });
    await fillIn(user, screen.getByLabelText(/^Your Name/), 'Rachel Levy');
    await fillIn(user, screen.getByLabelText(/^Your Email/), 'rachel@example.com');
    await fillIn(user, screen.getByLabelText('Custom Amount'), '36');
    const tries = load.mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment - $36.00' }));

    expect(await screen.findByText('Failed to process gift. Please try again.')).toBeInTheDocument();
    expect(toastRegion()).toHaveTextContent('Failed to process gift. Please try again.');
    expect(sent).toEqual([]);
    expect(load.mock.calls.length).toBeGreaterThan(tries);
    // Still the guest's form, with what they typed.
    expect(screen.getByLabelText(/^Your Name/)).toHaveValue('Rachel Levy');
    expect(screen.getByRole('button', { name: 'Proceed to Payment - $36.00' })).toBeEnabled();
  });
});
