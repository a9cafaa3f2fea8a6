import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { TOAST_REMOVE_DELAY_MS, toastReducer, type ToastItem, type ToastOptions } from './toast-store';
import { Toaster } from './toaster';

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: Partial<ToastOptions>) => void;
}

interface ToastContextValue {
  toasts: readonly ToastItem[];
  toast: (options: ToastOptions) => ToastHandle;
  /** Dismisses one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(0);
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const toastsRef = useRef(toasts);
  useEffect(() => {
    toastsRef.current = toasts;
  }, [toasts]);

  const scheduleRemoval = useCallback((id: string) => {
    const timers = removalTimers.current;
    if (timers.has(id)) return;
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        dispatch({ type: 'remove', id });
      }, TOAST_REMOVE_DELAY_MS),
    );
  }, []);

  const dismiss = useCallback(
    (id?: string) => {
      const ids = id === undefined ? toastsRef.current.map((t) => t.id) : [id];
      ids.forEach(scheduleRemoval);
      dispatch({ type: 'dismiss', id });
    },
    [scheduleRemoval],
  );

  const toast = useCallback(
    (options: ToastOptions): ToastHandle => {
      nextId.current += 1;
      const id = String(nextId.current);
      // A new toast pushes the previous one out of the state at once (TOAST_LIMIT).
      dispatch({ type: 'add', toast: { ...options, id, open: true } });
      return {
        id,
        dismiss: () => dismiss(id),
        update: (changes) => dispatch({ type: 'update', toast: { ...changes, id } }),
      };
    },
    [dismiss],
  );

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    };
  }, []);

  const value = useMemo(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
