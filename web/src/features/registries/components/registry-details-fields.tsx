import type { FormikProps } from 'formik';
import TextField from '@mui/material/TextField';
import {
  CHILD_NAME_MAX_LENGTH,
  PERSONAL_MESSAGE_MAX_LENGTH,
} from '../../../../../core/registry/registry-schemas';
import { fieldProps } from '../../../lib/form-field';

interface DetailsValues {
  childName: string;
  celebrationDate: string;
  personalMessage: string;
}

interface RegistryDetailsFieldsProps<V extends DetailsValues> {
  formik: FormikProps<V>;
  idPrefix: string;
  disabled?: boolean;
  /** Focus the first field on mount (in a dialog). */
  autoFocus?: boolean;
}

/** Child's name, celebration date and personal message: the create form and the edit dialog. */
export function RegistryDetailsFields<V extends DetailsValues>({ formik, idPrefix, disabled = false, autoFocus = false }: RegistryDetailsFieldsProps<V>) {
  const field = (name: keyof DetailsValues) => fieldProps(formik, name as keyof V & string, idPrefix);
  const message = field('personalMessage');
  const messageLength = formik.values.personalMessage?.length ?? 0;

  return (
    <>
      <TextField
        label="Child's Name"
        required
        autoComplete="off"
        autoFocus={autoFocus}
        disabled={disabled}
        {...field('childName')}
        slotProps={{ htmlInput: { maxLength: CHILD_NAME_MAX_LENGTH } }}
      />
      <TextField
        label="Celebration Date"
        type="date"
        required
        disabled={disabled}
        {...field('celebrationDate')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '1900-01-01', max: '2199-12-31' } }}
      />
      <TextField
        label="Personal Message (optional)"
        multiline
        minRows={3}
        disabled={disabled}
        {...message}
        helperText={message.helperText ?? `A note for your guests. ${messageLength}/${PERSONAL_MESSAGE_MAX_LENGTH} characters.`}
        slotProps={{ htmlInput: { maxLength: PERSONAL_MESSAGE_MAX_LENGTH } }}
      />
    </>
  );
}
