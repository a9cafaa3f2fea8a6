import { useEffect, useRef, type ChangeEvent, type FocusEvent } from 'react';

/** What fieldProps reads of a form's state: Formik's, or the gift form's own (use-gift-form-state.ts). */
interface FieldSource<Values> {
  values: Values;
  errors: { readonly [Name in keyof Values]?: unknown };
  touched: { readonly [Name in keyof Values]?: unknown };
  handleChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** What useFocusFirstError reads of a form's state. */
interface SubmitSource<Values> {
  submitCount: number;
  isSubmitting: boolean;
  errors: { readonly [Name in keyof Values]?: unknown };
}

/**
 * The props that wire a text field (TextInput or MUI's TextField) to a form's field, with its message once touched. The
 * element id is the field's name, after a prefix when two forms could share a page.
 */
export function fieldProps<Values extends object>(formik: FieldSource<Values>, name: keyof Values & string, idPrefix = '') {
  const touched = formik.touched[name] as boolean | undefined;
  const error = formik.errors[name] as string | undefined;
  const showError = !!touched && !!error;
  return {
    id: `${idPrefix}${name}`,
    name,
    value: formik.values[name] as string,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: showError,
    helperText: showError ? error : undefined,
  };
}

/**
 * After a submit that validation stopped, the focus moves to the first field (in the given
 * order) with a message, so keyboard and screen-reader users land on what to fix.
 */
export function useFocusFirstError<Values extends object>(
  formik: SubmitSource<Values>,
  order: readonly (keyof Values & string)[],
  idPrefix = '',
): void {
  const handled = useRef(0);
  const { submitCount, isSubmitting, errors } = formik;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || handled.current === submitCount) return;
    handled.current = submitCount;
    const first = order.find((name) => errors[name]);
    if (!first) return;
    const element = document.getElementById(`${idPrefix}${first}`);
    element?.focus();
  }, [submitCount, isSubmitting, errors, order, idPrefix]);
}
