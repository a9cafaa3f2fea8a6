import * as yup from 'yup';
import { emailRule } from '../account/schemas';

/** The footer's newsletter field. */
export const newsletterSchema = yup.object({ email: emailRule });
export type NewsletterInput = yup.InferType<typeof newsletterSchema>;
