import * as yup from 'yup';
import { EXPORT_FORMATS } from '../model/account-export-request';
import { emailRule as email, firstNameRule, lastNameRule, passwordRule as newPassword } from './schemas';
const confirmation = (field: string) =>
  yup
    .string()
    .required('Please confirm your password')
    .test('matches-password', "Passwords don't match", (value, context) => !value || value === context.parent[field]);

/** Forgot password: the address the account uses. */
export const forgotPasswordSchema = yup.object({ email });
export type ForgotPasswordInput = yup.InferType<typeof forgotPasswordSchema>;

/** Reset: the new password; the token travels beside it. */
export const resetPasswordSchema = yup.object({ password: newPassword });
export const resetPasswordFormSchema = resetPasswordSchema.shape({ confirmPassword: confirmation('password') });
export type ResetPasswordFormValues = yup.InferType<typeof resetPasswordFormSchema>;

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('Current password is required'),
  newPassword,
});
export const changePasswordFormSchema = changePasswordSchema.shape({ confirmPassword: confirmation('newPassword') });
export type ChangePasswordFormValues = yup.InferType<typeof changePasswordFormSchema>;

export const profileSchema = yup.object({
  firstName: firstNameRule,
  lastName: lastNameRule,
});
export type ProfileInput = yup.InferType<typeof profileSchema>;

export const changeEmailSchema = yup.object({
  email,
  currentPassword: yup.string().required('Current password is required'),
});
export type ChangeEmailInput = yup.InferType<typeof changeEmailSchema>;

/** Deleting the account: the password, so a borrowed session alone cannot. */
export const deleteAccountSchema = yup.object({ password: yup.string().required('Enter your password to delete your account') });
export type DeleteAccountInput = yup.InferType<typeof deleteAccountSchema>;

/** An export asked for by e-mail: JSON, or a zip of CSV files. */
export const exportRequestSchema = yup.object({
  format: yup
    .string()
    .required('Choose JSON or CSV')
    .oneOf([...EXPORT_FORMATS], 'Choose JSON or CSV'),
});
