import * as yup from 'yup';
import { hasControlCharacters, hasDirectionControls } from '../control-characters';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { CHARITY_COUNTRIES, type CharityCountry } from '../model/charity';
import { TAX_ID_MESSAGES, formattedTaxId } from './tax-id';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The details an administrator records; every field is needed, since a receipt states them all. */
export const charityDetailsSchema = yup.object({
  legalName: refuseUnsafeNameCharacters(yup.string().trim().max(255, 'Legal name must be at most 255 characters'), 'Legal name').required(
    'Legal name is required',
  ),
  country: yup
    .string()
    .oneOf([...CHARITY_COUNTRIES], 'Country must be US or CA')
    .required('Country is required'),
  taxId: yup
    .string()
    .trim()
    .max(40, 'Tax id must be at most 40 characters')
    .required('Tax id is required')
    .test('tax-id-of-country', function check(value) {
      const country = this.parent.country as CharityCountry | undefined;
      if (!country || !(CHARITY_COUNTRIES as readonly string[]).includes(country)) return true;
      return formattedTaxId(country, value) !== null || this.createError({ message: TAX_ID_MESSAGES[country] });
    }),
  address: yup
    .string()
    .trim()
    .max(500, 'Address must be at most 500 characters')
    .required('Address is required')
    // Lines are allowed (an address has several); nothing else that could forge a line of a mail header.
    .test(
      'address-characters',
      'Address cannot contain control characters',
      (value) => !(value ?? '').split(/\r?\n/).some(hasControlCharacters),
    )
    .test(
      'address-direction',
      'Address cannot contain characters that change the direction of text',
      (value) => !hasDirectionControls(value ?? ''),
    ),
  agreementDate: yup
    .string()
    .trim()
    .required('Agreement date is required')
    .test('agreement-day', 'Agreement date must be a date written YYYY-MM-DD', (value) => DAY.test(value) && isCalendarDay(value)),
});
