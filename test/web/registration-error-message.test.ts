import { describe, expect, it } from 'vitest';
import { registrationErrorMessage } from '../../web/src/features/auth/lib/registration-error-message';

describe('registrationErrorMessage (docs/product.md#validation-rules)', () => {
  it('explains a taken username', () => {
    expect(registrationErrorMessage('Username already exists')).toBe('This username is already taken. Please choose another.');
    expect(registrationErrorMessage('409: Username already exists')).toBe('This username is already taken. Please choose another.');
  });

  it('asks for the missing fields', () => {
    expect(registrationErrorMessage('400: Missing required fields')).toBe('Please fill in all required fields.');
  });

  it('shows any other message without its status prefix', () => {
    expect(registrationErrorMessage('400: Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(registrationErrorMessage('Email already exists')).toBe('Email already exists');
  });

  it('falls back when there is no message', () => {
    expect(registrationErrorMessage(undefined)).toBe('Please check your information and try again.');
    expect(registrationErrorMessage('')).toBe('Please check your information and try again.');
    expect(registrationErrorMessage('500: ')).toBe('Please check your information and try again.');
  });
});
