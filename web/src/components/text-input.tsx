import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TextInputProps
  extends Pick<
    OutlinedInputProps,
    | 'name'
    | 'value'
    | 'onChange'
    | 'onBlur'
    | 'type'
    | 'autoComplete'
    | 'multiline'
    | 'minRows'
    | 'rows'
    | 'inputRef'
    | 'placeholder'
    | 'startAdornment'
  > {
  id?: string;
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** Attributes of the <input> or <textarea> itself (maxLength, readOnly, inputMode…). */
  htmlInput?: InputBaseComponentProps;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field built as MUI's TextField builds one (FormControl, InputLabel,
 * OutlinedInput, FormHelperText, wired by id), without TextField itself: TextField imports MUI's
 * Select, Menu, Popover and Modal whether or not it is a select, and the guest's pages need none
 * of them.
 */
export function TextInput({
  id: idOverride,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  size,
  fullWidth,
  htmlInput,
  sx,
  ...input
}: TextInputProps) {
  const generated = useId();
  const id = idOverride ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} disabled={disabled} size={size} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
        // MUI draws every multiline field with TextareaAutosize, which measures the box as it mounts
        // and on each change; a field of a fixed number of rows is a plain <textarea rows>, unmeasured.
        {...(input.multiline && input.rows !== undefined ? { inputComponent: 'textarea' } : {})}
        {...input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
