import * as yup from 'yup';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { MAX_PARTY_SIZE } from '../model/guest';

const ADDRESS_PART_MAX_LENGTH = 200;

/** An optional part of the postal address: trimmed, empty is none. */
function addressPart(label: string) {
  return refuseUnsafeNameCharacters(
    yup.string().trim().max(ADDRESS_PART_MAX_LENGTH, `${label} must be at most ${ADDRESS_PART_MAX_LENGTH} characters`),
    label,
  )
    .nullable()
    .default(null)
    .transform((value: string | null) => (value === '' ? null : value));
}

/** One guest, as the family's form and the server read it (a CSV line is read into the same fields). */
export const guestSchema = yup.object({
  name: refuseUnsafeNameCharacters(yup.string().trim().max(100, 'Name must be at most 100 characters'), 'Name').required(
    'Name is required',
  ),
  email: yup.string().trim().max(255, 'Enter a valid email').email('Enter a valid email').required('Email is required'),
  partySize: yup
    .number()
    .typeError('Party size must be a whole number')
    .integer('Party size must be a whole number')
    .min(1, 'Party size must be at least 1')
    .max(MAX_PARTY_SIZE, `Party size must be at most ${MAX_PARTY_SIZE}`)
    .default(1),
  street: addressPart('Street'),
  city: addressPart('City'),
  region: addressPart('State or province'),
  postalCode: addressPart('ZIP or postal code'),
  country: addressPart('Country'),
});
export type GuestInput = yup.InferType<typeof guestSchema>;

export const GUEST_FIELDS = ['name', 'email', 'partySize', 'street', 'city', 'region', 'postalCode', 'country'] as const;
