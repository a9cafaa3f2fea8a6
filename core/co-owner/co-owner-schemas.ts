import * as yup from 'yup';
import { emailRule } from '../account/schemas';

/** The owner's invitation form: the other parent's e-mail address. */
export const inviteCoOwnerSchema = yup.object({ email: emailRule });
export type InviteCoOwnerInput = yup.InferType<typeof inviteCoOwnerSchema>;
