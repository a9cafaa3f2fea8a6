import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GiftFormValues } from '../../web/src/features/gifts/lib/gift-form-values';
import { useGiftFormState, type GiftFormErrors } from '../../web/src/features/gifts/lib/use-gift-form-state';

const EMPTY: GiftFormValues = { charityId: '', giftGiverName: '', giftGiverEmail: '', amount: '', personalMessage: '' };

/** A validate whose answers the test releases one by one, in any order. */
function heldValidation() {
  const held: { values: GiftFormValues; answer: (errors: GiftFormErrors) => void }[] = [];
  const validate = vi.fn((values: GiftFormValues) => new Promise<GiftFormErrors>((answer) => held.push({ values, answer })));
  return { validate, held };
}

describe("the gift form's state (as Formik kept it for this form)", () => {
  it("keeps the newest check's messages when an older check answers last", async () => {
    const { validate, held } = heldValidation();
    const { result } = renderHook(() => useGiftFormState({ initialValues: EMPTY, validate, onSubmit: vi.fn() }));

    act(() => void result.current.setFieldValue('giftGiverName', 'M'));
    act(() => void result.current.setFieldValue('giftGiverName', 'Miriam'));
    expect(held.map((check) => check.values.giftGiverName)).toEqual(['M', 'Miriam']);

    await act(async () => held[1]!.answer({}));
    await act(async () => held[0]!.answer({ giftGiverName: 'Name is too short' }));
    expect(result.current.errors).toEqual({});
    expect(result.current.values.giftGiverName).toBe('Miriam');
  });

  it("shows a field's message once it is left, and keeps the messages when a check fails", async () => {
    const validate = vi.fn<(values: GiftFormValues) => Promise<GiftFormErrors>>().mockResolvedValue({ giftGiverEmail: 'Invalid email' });
    const { result } = renderHook(() => useGiftFormState({ initialValues: EMPTY, validate, onSubmit: vi.fn() }));

    await act(() => result.current.setFieldTouched('giftGiverEmail'));
    expect(result.current.touched).toEqual({ giftGiverEmail: true });
    expect(result.current.errors).toEqual({ giftGiverEmail: 'Invalid email' });

    validate.mockRejectedValueOnce(new Error('the rules could not load'));
    await act(() => result.current.setFieldValue('giftGiverEmail', 'miriam@example.com'));
    expect(result.current.errors).toEqual({ giftGiverEmail: 'Invalid email' });
  });

  it('touches every field at a submit, and sends nothing while a field is wrong', async () => {
    const validate = vi.fn<(values: GiftFormValues) => Promise<GiftFormErrors>>().mockResolvedValue({ amount: 'Amount is required' });
    const onSubmit = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useGiftFormState({ initialValues: EMPTY, validate, onSubmit }));

    act(() => result.current.handleSubmit());
    await waitFor(() => expect(result.current.isSubmitting).toBe(false));
    expect(result.current.submitCount).toBe(1);
    expect(Object.keys(result.current.touched).sort()).toEqual(Object.keys(EMPTY).sort());
    expect(result.current.errors).toEqual({ amount: 'Amount is required' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the values once they pass, busy until the sending settles, and takes the server's messages", async () => {
    const validate = vi.fn<(values: GiftFormValues) => Promise<GiftFormErrors>>().mockResolvedValue({});
    let settle = () => {};
    const onSubmit = vi.fn(
      (_values: GiftFormValues, helpers: { setFieldError: (name: keyof GiftFormValues, message: string) => void }) =>
        new Promise<void>((done) => {
          settle = () => {
            helpers.setFieldError('giftGiverEmail', 'Invalid email');
            done();
          };
        }),
    );
    const { result } = renderHook(() => useGiftFormState({ initialValues: { ...EMPTY, amount: '36' }, validate, onSubmit }));

    act(() => result.current.handleSubmit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ ...EMPTY, amount: '36' });
    expect(result.current.isSubmitting).toBe(true);

    await act(async () => settle());
    expect(result.current.isSubmitting).toBe(false);
    expect(result.current.errors).toEqual({ giftGiverEmail: 'Invalid email' });
  });

  it('sends once when submitted twice in the same moment', async () => {
    const validate = vi.fn<(values: GiftFormValues) => Promise<GiftFormErrors>>().mockResolvedValue({});
    const onSubmit = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useGiftFormState({ initialValues: { ...EMPTY, amount: '36' }, validate, onSubmit }));

    act(() => {
      result.current.handleSubmit();
      result.current.handleSubmit();
    });
    await waitFor(() => expect(result.current.isSubmitting).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // And again once the first has settled.
    act(() => result.current.handleSubmit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});
