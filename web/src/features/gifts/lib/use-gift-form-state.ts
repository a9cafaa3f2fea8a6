import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { GiftFormValues } from './gift-form-values';

export type GiftFormErrors = Partial<Record<keyof GiftFormValues, string>>;
type GiftFormTouched = Partial<Record<keyof GiftFormValues, boolean>>;

export interface GiftFormHelpers {
  setErrors: (errors: GiftFormErrors) => void;
  setFieldError: (name: keyof GiftFormValues, message: string) => void;
}

interface GiftFormStateOptions {
  initialValues: GiftFormValues;
  /** Every field's message, or none: run on each change and blur, and before submitting. */
  validate: (values: GiftFormValues) => Promise<GiftFormErrors>;
  /** Called once the values pass validate; the form is busy until it settles. */
  onSubmit: (values: GiftFormValues, helpers: GiftFormHelpers) => Promise<void>;
}

/**
 * The gift form's state: its values, the messages of the fields the giver has left or submitted,
 * and whether it is sending. It behaves as Formik's useFormik does for this form (validation on
 * change, on blur and on submit; every field touched by a submit), and the owners' forms keep
 * Formik; but the guest's one form cannot carry Formik's 11 KB (lodash included) on a phone's
 * first load, where every page is held to 150 KB (scripts/guest-bundle.ts).
 */
export function useGiftFormState({ initialValues, validate, onSubmit }: GiftFormStateOptions) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorsState] = useState<GiftFormErrors>({});
  const [touched, setTouched] = useState<GiftFormTouched>({});
  const [submitCount, setSubmitCount] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);

  // The handlers are stable (effects depend on them), so they read the latest values and options here.
  const current = useRef({ values: initialValues, validate, onSubmit, validations: 0, submitting: false });
  useEffect(() => {
    current.current.validate = validate;
    current.current.onSubmit = onSubmit;
  });

  /** Checks the values; only the newest check's answer is kept, as the giver types faster than it answers. */
  const runValidation = useCallback(async (checked: GiftFormValues) => {
    const run = ++current.current.validations;
    const found = await current.current.validate(checked);
    if (run === current.current.validations) setErrorsState(found);
    return found;
  }, []);

  const validateQuietly = useCallback(
    (checked: GiftFormValues) =>
      runValidation(checked).then(
        () => undefined,
        // A check that fails leaves the messages as they were; submitting checks again.
        () => undefined,
      ),
    [runValidation],
  );

  const setFieldValue = useCallback(
    (name: keyof GiftFormValues, value: string, shouldValidate = true): Promise<void> => {
      current.current.values = { ...current.current.values, [name]: value };
      setValues(current.current.values);
      return shouldValidate ? validateQuietly(current.current.values) : Promise.resolve();
    },
    [validateQuietly],
  );

  const setFieldTouched = useCallback(
    (name: keyof GiftFormValues, isTouched = true, shouldValidate = true): Promise<void> => {
      setTouched((before) => ({ ...before, [name]: isTouched }));
      return shouldValidate ? validateQuietly(current.current.values) : Promise.resolve();
    },
    [validateQuietly],
  );

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      void setFieldValue(event.target.name as keyof GiftFormValues, event.target.value),
    [setFieldValue],
  );
  const handleBlur = useCallback(
    (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void setFieldTouched(event.target.name as keyof GiftFormValues),
    [setFieldTouched],
  );

  const helpers: GiftFormHelpers = {
    setErrors: setErrorsState,
    setFieldError: (name, message) => setErrorsState((before) => ({ ...before, [name]: message })),
  };

  const submit = async () => {
    // One payment at a time: a second submit in the same moment (two Enters, a script) is dropped.
    if (current.current.submitting) return;
    current.current.submitting = true;
    const submitted = current.current.values;
    setTouched(Object.fromEntries(Object.keys(submitted).map((name) => [name, true])));
    setSubmitCount((count) => count + 1);
    setSubmitting(true);
    try {
      const found = await runValidation(submitted);
      if (Object.keys(found).length === 0) await current.current.onSubmit(submitted, helpers);
    } finally {
      current.current.submitting = false;
      setSubmitting(false);
    }
  };

  const handleSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    // onSubmit answers the giver itself; what escapes it is a defect, reported as Formik reports it.
    submit().catch((error: unknown) => console.error('The gift form could not be submitted', error));
  };

  return { values, errors, touched, submitCount, isSubmitting, setFieldValue, setFieldTouched, handleChange, handleBlur, handleSubmit };
}
