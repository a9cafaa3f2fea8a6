import type * as yup from 'yup';
import { hasControlCharacters, hasDirectionControls } from './control-characters';

/**
 * The characters a name may not hold, for every name that goes into an e-mail, a subject, a page
 * title or a link preview (a person's, a child's, a giver's, a check's payee): a line break there
 * could forge a header or a line of the message, and a direction control could show it reversed.
 * `label` starts each message ("First name", "Child's name").
 */
export function refuseUnsafeNameCharacters<S extends yup.StringSchema<string | undefined>>(schema: S, label: string): S {
  return schema
    .test(
      'no-control-characters',
      `${label} cannot contain line breaks or control characters`,
      (value) => !value || !hasControlCharacters(value),
    )
    .test(
      'no-direction-controls',
      `${label} cannot contain characters that change the direction of text`,
      (value) => !value || !hasDirectionControls(value),
    ) as S;
}
