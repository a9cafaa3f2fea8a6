import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from '../../web/src/components/toast';
import { loadToastCard } from '../../web/src/components/toast/toaster';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toastReducer } from '../../web/src/components/toast/toast-store';

function Harness({ options }: { options: ToastOptions[] }) {
  const { toast } = useToast();
  return (
    <>
      {options.map((o, i) => (
        <button key={i} type="button" onClick={() => toast(o)}>
          {`show ${i}`}
        </button>
      ))}
    </>
  );
}

function renderToasts(...options: ToastOptions[]) {
  render(
    <ToastProvider>
      <Harness options={options} />
    </ToastProvider>,
  );
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

// A page loads the card's code once it is live; these check each toast as it is shown.
beforeAll(loadToastCard);
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (docs/product.md#constants-and-limits)', () => {
  it('F8 moves focus to the notification region', async () => {
    const user = userEvent.setup();
    const region = renderToasts({ title: 'Hello' });
    expect(region).not.toHaveFocus();
    await user.keyboard('{F8}');
    expect(region).toHaveFocus();
  });

  it('shows one toast at a time, the newest', () => {
    const region = renderToasts({ title: 'First' }, { title: 'Second' });
    fireEvent.click(screen.getByRole('button', { name: 'show 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'show 1' }));
    expect(within(region).getAllByRole('status')).toHaveLength(1);
    expect(within(region).getByText('Second')).toBeInTheDocument();
    expect(within(region).queryByText('First')).not.toBeInTheDocument();
  });

  it('shows a default toast as a status and a destructive one as an alert', () => {
    const region = renderToasts({ title: 'Saved', description: 'All good.' }, { title: 'Oops', variant: 'destructive' });
    fireEvent.click(screen.getByRole('button', { name: 'show 0' }));
    expect(within(region).getByRole('status')).toHaveTextContent('SavedAll good.');
    fireEvent.click(screen.getByRole('button', { name: 'show 1' }));
    expect(within(region).getByRole('alert')).toHaveTextContent('Oops');
  });

  it('closes after 5000 ms by default', () => {
    vi.useFakeTimers();
    const region = renderToasts({ title: 'Brief' });
    fireEvent.click(screen.getByRole('button', { name: 'show 0' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(within(region).getByText('Brief')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(within(region).queryByText('Brief')).not.toBeInTheDocument();
  });

  it('keeps a toast while the pointer rests on it', () => {
    vi.useFakeTimers();
    const region = renderToasts({ title: 'Hover me' });
    fireEvent.click(screen.getByRole('button', { name: 'show 0' }));
    const toast = within(region).getByRole('status');
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(toast).toBeInTheDocument();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(within(region).queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    const region = renderToasts({ title: 'Closable' });
    await user.click(screen.getByRole('button', { name: 'show 0' }));
    await user.click(within(region).getByRole('button', { name: 'Close notification' }));
    expect(within(region).queryByText('Closable')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe to the right beyond 50 px, not by a shorter one', () => {
    const region = renderToasts({ title: 'Swipe me' });
    fireEvent.click(screen.getByRole('button', { name: 'show 0' }));
    const toast = within(region).getByRole('status');

    fireEvent.pointerDown(toast, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 140, pointerId: 1 });
    expect(within(region).getByText('Swipe me')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 180, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 180, pointerId: 1 });
    expect(within(region).queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('removes a dismissed toast from the state after 1,000,000 ms', () => {
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    const state = toastReducer([], { type: 'add', toast: { id: '1', title: 'a', open: true } });
    const dismissed = toastReducer(state, { type: 'dismiss', id: '1' });
    expect(dismissed).toEqual([{ id: '1', title: 'a', open: false }]);
    expect(toastReducer(dismissed, { type: 'remove', id: '1' })).toEqual([]);
  });
});
