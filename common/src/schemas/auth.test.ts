import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields.ts';
import { signupBody } from './auth.ts';

const valid = { name: 'Ada', email: 'Ada@Example.com', password: 'long-enough', passwordCheck: 'long-enough', promoOptIn: true };
const errorsOf = (body: unknown) => {
  const result = signupBody.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
};

describe('sign-up validation (spec §5)', () => {
  it('accepts a complete form and lower-cases the email', () => {
    const parsed = signupBody.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });

  it('names each missing field as required', () => {
    expect(errorsOf({})).toMatchObject({ name: 'required', email: 'required', password: 'required', passwordCheck: 'required' });
    expect(errorsOf({ ...valid, name: '   ' })).toEqual({ name: 'required' });
  });

  it('rejects an invalid email address', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({ email: 'email_invalid' });
  });

  it('requires at least 8 characters of password', () => {
    expect(errorsOf({ ...valid, password: 'short12', passwordCheck: 'short12' })).toEqual({ password: 'password_too_short' });
    expect(errorsOf({ ...valid, password: '12345678', passwordCheck: '12345678' })).toEqual({});
  });

  it('says “the password does not match” when the confirmation differs', () => {
    expect(errorsOf({ ...valid, passwordCheck: 'something-else' })).toEqual({ passwordCheck: 'password_mismatch' });
  });
});
