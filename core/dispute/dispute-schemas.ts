import * as yup from 'yup';

/** Stripe takes up to 150,000 characters of text evidence; a page of argument is far less. */
export const MAX_EVIDENCE_LENGTH = 20_000;

export const evidenceSchema = yup.object({
  evidence: yup
    .string()
    .trim()
    .max(MAX_EVIDENCE_LENGTH, `Evidence must be at most ${MAX_EVIDENCE_LENGTH} characters`)
    .required('Please write the evidence to send to the bank'),
});
export type EvidenceInput = yup.InferType<typeof evidenceSchema>;

export const FOLLOW_UP_REFERENCE_NEEDED = 'Please enter the PayPal transaction ID or the check number';

/** An administrator's record of a PayPal or check follow-up payout they sent. */
export const followUpSentSchema = yup.object({
  reference: yup.string().trim().max(255, 'The reference must be at most 255 characters').required(FOLLOW_UP_REFERENCE_NEEDED),
});
export type FollowUpSentInput = yup.InferType<typeof followUpSentSchema>;
