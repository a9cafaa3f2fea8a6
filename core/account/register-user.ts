import { DomainError } from '../errors';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UserRepository } from '../ports/user-repository';
import { refuseUnknownFields, validate } from '../validate';
import type { User } from '../model/user';
import { REGISTRATION_REQUIRED_FIELDS, registrationSchema } from './schemas';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export async function registerUser(input: unknown, ports: { users: UserRepository; hasher: PasswordHasher }): Promise<User> {
  refuseUnknownFields(input, [...REGISTRATION_REQUIRED_FIELDS, 'confirmPassword']);
  const body = input as Record<string, unknown>;
  const missing = REGISTRATION_REQUIRED_FIELDS.filter((field) => isBlank(body[field]));
  if (missing.length > 0) {
    throw new DomainError(
      'validation.failed',
      'Missing required fields',
      Object.fromEntries(missing.map((field) => [field, 'This field is required'])),
    );
  }
  const { confirmPassword: _ignored, ...fields } = body;
  const valid = await validate(registrationSchema, fields);
  return ports.users.create({
    username: valid.username,
    email: valid.email.toLowerCase(),
    passwordHash: await ports.hasher.hash(valid.password),
    firstName: valid.firstName,
    lastName: valid.lastName,
  });
}
