import * as yup from 'yup';
import { refuseUnsafeNameCharacters } from '../name-characters';

const PASSWORD_MIN_LENGTH = 6;

export const loginSchema = yup.object({
  username: yup.string().trim().required('Username is required'),
  password: yup.string().required('Password is required'),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

// A name greets its owner in e-mails, and a co-owner invitation quotes it to a stranger.
export const firstNameRule = refuseUnsafeNameCharacters(
  yup.string().trim().max(100, 'First name must be at most 100 characters'),
  'First name',
).required('First name is required');
export const lastNameRule = refuseUnsafeNameCharacters(
  yup.string().trim().max(100, 'Last name must be at most 100 characters'),
  'Last name',
).required('Last name is required');
export const emailRule = yup
  .string()
  .trim()
  .max(255, 'Email must be at most 255 characters')
  .email('Please enter a valid email address')
  .required('Email is required');
export const passwordRule = yup
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(255, 'Password must be at most 255 characters')
  .required('Password is required');

/** The fields the server stores; the sign-up form adds confirmPassword on top (see below). */
export const registrationSchema = yup.object({
  firstName: firstNameRule,
  lastName: lastNameRule,
  email: emailRule,
  username: yup
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(255, 'Username must be at most 255 characters')
    .matches(/^[A-Za-z0-9._-]+$/, 'Username may use letters, numbers, dots, dashes and underscores')
    .required('Username is required'),
  password: passwordRule,
});
export type RegistrationInput = yup.InferType<typeof registrationSchema>;

export const registrationFormSchema = registrationSchema.shape({
  confirmPassword: yup
    .string()
    .required('Please confirm your password')
    // Only once something is typed, so an empty box asks for the confirmation instead.
    .test('matches-password', "Passwords don't match", (value, context) => !value || value === context.parent.password),
});
export type RegistrationFormValues = yup.InferType<typeof registrationFormSchema>;

export const REGISTRATION_REQUIRED_FIELDS = ['firstName', 'lastName', 'email', 'username', 'password'] as const;
