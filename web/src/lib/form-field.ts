import type { FormikProps } from 'formik';

/** The props that wire an MUI TextField to a Formik field, with its message once touched. */
export function fieldProps<Values extends object>(formik: FormikProps<Values>, name: keyof Values & string) {
  const touched = formik.touched[name] as boolean | undefined;
  const error = formik.errors[name] as string | undefined;
  const showError = !!touched && !!error;
  return {
    id: name,
    name,
    value: formik.values[name] as string,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: showError,
    helperText: showError ? error : undefined,
  };
}
