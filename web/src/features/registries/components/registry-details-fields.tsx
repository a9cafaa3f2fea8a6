import type { FormikProps } from 'formik';
import TextField from '@mui/material/TextField';
import { CHILD_NAME_MAX_LENGTH, PERSONAL_MESSAGE_MAX_LENGTH } from '@core/registry/registry-schemas';
import { DEFAULT_CELEBRATION_TYPE, type CelebrationType } from '@core/model/celebration-title';
import { fieldProps } from '@/lib/form-field';
import { CelebrationTypeField } from './celebration-type-field';
import { HebrewCalendarField } from './hebrew-calendar-field';
import { DEFAULT_HEBREW_CALENDAR, type HebrewCalendarChoice } from '@core/model/hebrew-calendar';
import { NameCapitalisationHint } from './name-capitalisation-hint';

interface DetailsValues {
  childName: string;
  celebrationType?: CelebrationType | undefined;
  celebrationDate: string;
  hebrewCalendar?: HebrewCalendarChoice | undefined;
  personalMessage: string;
}

interface RegistryDetailsFieldsProps<V extends DetailsValues> {
  formik: FormikProps<V>;
  idPrefix: string;
  disabled?: boolean;
  /** Focus the first field on mount (in a dialog). */
  autoFocus?: boolean;
}

/**
 * Child's name (with a capitalisation hint), whose celebration it is, celebration date (with its
 * Hebrew date and whose Torah readings name it) and personal message: the create form and the edit dialog.
 */
export function RegistryDetailsFields<V extends DetailsValues>({
  formik,
  idPrefix,
  disabled = false,
  autoFocus = false,
}: RegistryDetailsFieldsProps<V>) {
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
      <NameCapitalisationHint
        name={formik.values.childName}
        onUse={(suggested) => void formik.setFieldValue('childName', suggested)}
        disabled={disabled}
      />
      <CelebrationTypeField
        id={`${idPrefix}celebrationType`}
        value={formik.values.celebrationType ?? DEFAULT_CELEBRATION_TYPE}
        onChange={(type) => void formik.setFieldValue('celebrationType', type)}
        error={formik.errors.celebrationType as string | undefined}
        disabled={disabled}
      />
      <TextField
        label="Celebration Date"
        type="date"
        required
        disabled={disabled}
        {...field('celebrationDate')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '1900-01-01', max: '2199-12-31' } }}
      />
      <HebrewCalendarField
        id={`${idPrefix}hebrewCalendar`}
        day={formik.values.celebrationDate}
        value={formik.values.hebrewCalendar ?? DEFAULT_HEBREW_CALENDAR}
        onChange={(choice) => void formik.setFieldValue('hebrewCalendar', choice)}
        error={formik.errors.hebrewCalendar as string | undefined}
        disabled={disabled}
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
