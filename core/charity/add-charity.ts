import * as yup from 'yup';
import type { CharityRepository } from '../ports/charity-repository';
import { validate } from '../validate';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { CHARITY_CATEGORIES, type Charity } from '../model/charity';

const charitySchema = yup.object({
  // Receipts, gift e-mails and payout e-mails name the charity.
  name: refuseUnsafeNameCharacters(yup.string().trim().max(255, 'Name must be at most 255 characters'), 'Name').required(
    'Name is required',
  ),
  description: yup.string().trim().max(2000, 'Description must be at most 2000 characters').required('Description is required'),
  category: yup
    .string()
    .oneOf([...CHARITY_CATEGORIES], `Category must be one of ${CHARITY_CATEGORIES.join(', ')}`)
    .required('Category is required'),
  website: yup
    .string()
    .trim()
    .matches(/^https?:\/\/[^\s]+$/, { message: 'Website must be an http(s) address', excludeEmptyString: true })
    .max(1024)
    .nullable()
    .default(null),
  imageUrl: yup
    .string()
    .trim()
    .matches(/^(https:\/\/|\/)[^\s]+$/, { message: 'Image must be an https address or a path on this site', excludeEmptyString: true })
    .max(1024)
    .nullable()
    .default(null),
});

export async function addCharity(input: unknown, ports: { charities: CharityRepository }): Promise<Charity> {
  const valid = await validate(charitySchema, input);
  return ports.charities.create({
    name: valid.name,
    description: valid.description,
    category: valid.category,
    website: valid.website || null,
    imageUrl: valid.imageUrl || null,
  });
}
