export { ToastProvider, useToast, type ToastHandle } from './toast-context';
export type { ToastOptions, ToastVariant } from './toast-store';
export { focusNotifications } from './toaster';
