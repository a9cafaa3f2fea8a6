import type { ToastOptions } from '@/components/toast';

/** docs/product.md#errors-and-messages, "Payment": the toasts of the checkout. */
export const PAYMENT_FORM_ERROR: ToastOptions = {
  title: 'Payment Form Error',
  description: 'Failed to load payment form. Please refresh the page.',
  variant: 'destructive',
};

export const PAYMENT_NOT_READY: ToastOptions = {
  title: 'Payment Not Ready',
  description: 'Please wait for the payment form to load completely.',
  variant: 'destructive',
};

export const PAYMENT_SUCCESSFUL: ToastOptions = {
  title: 'Payment Successful!',
  description: 'Thank you for your generous gift.',
};

export const UNEXPECTED_PAYMENT_ERROR = 'An unexpected error occurred';

export function paymentFailed(description: string): ToastOptions {
  return { title: 'Payment Failed', description, variant: 'destructive' };
}

export function paymentError(description: string): ToastOptions {
  return { title: 'Payment Error', description, variant: 'destructive' };
}
