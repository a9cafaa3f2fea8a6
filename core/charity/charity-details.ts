import { DomainError } from '../errors';
import type { CharityRepository } from '../ports/charity-repository';
import { refuseUnknownFields, validate } from '../validate';
import type { Charity, CharityCountry, CharityDetails } from '../model/charity';
import { charityDetailsSchema } from './charity-details-schema';
import { formattedTaxId } from './tax-id';

/** Whether receipts can be issued in the charity's name: every detail a receipt states is on file. */
export function issuesReceipts(charity: Pick<Charity, 'details'>): charity is Charity & { details: CharityDetails } {
  return charity.details !== null;
}

/** Records a charity's legal details (all of them at once); a bad field changes nothing. */
export async function updateCharityDetails(
  id: string,
  input: unknown,
  ports: { charities: CharityRepository; today: string },
): Promise<Charity> {
  refuseUnknownFields(input, Object.keys(charityDetailsSchema.fields));
  const valid = await validate(charityDetailsSchema, input);
  if (valid.agreementDate > ports.today) {
    throw new DomainError('validation.failed', 'Agreement date cannot be in the future', {
      agreementDate: 'Agreement date cannot be in the future',
    });
  }
  const country = valid.country as CharityCountry;
  const details: CharityDetails = {
    legalName: valid.legalName,
    country,
    taxId: formattedTaxId(country, valid.taxId) ?? valid.taxId,
    address: valid.address.replace(/\r\n?/g, '\n'),
    agreementDate: valid.agreementDate,
  };
  const charity = await ports.charities.findById(id);
  if (!charity) throw new DomainError('charity.not_found', 'Charity not found');
  return ports.charities.setDetails(id, details);
}
