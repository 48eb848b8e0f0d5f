import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields.ts';
import { signupBody } from './auth.ts';

const valid = { name: 'Ada', email: 'Ada@Example.com', password: 'long-enough-now', passwordCheck: 'long-enough-now', birthDate: '1990-05-17', promoOptIn: true };
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

  it('requires 12 to 128 characters of password, counting each Unicode character once (issue 29)', () => {
    expect(errorsOf({ ...valid, password: '12345678', passwordCheck: '12345678' })).toEqual({ password: 'password_too_short' });
    expect(errorsOf({ ...valid, password: 'password', passwordCheck: 'password' })).toEqual({ password: 'password_too_short' });
    expect(errorsOf({ ...valid, password: 'eleven-char', passwordCheck: 'eleven-char' })).toEqual({ password: 'password_too_short' });
    expect(errorsOf({ ...valid, password: 'twelve-chars', passwordCheck: 'twelve-chars' })).toEqual({});
    // Eleven emoji are 22 UTF-16 units but 11 characters: still too short.
    const emoji = '🎲'.repeat(11);
    expect(errorsOf({ ...valid, password: emoji, passwordCheck: emoji })).toEqual({ password: 'password_too_short' });
    const longest = 'x'.repeat(127) + '🎲';
    expect(errorsOf({ ...valid, password: longest, passwordCheck: longest })).toEqual({});
    const tooLong = 'x'.repeat(129);
    expect(errorsOf({ ...valid, password: tooLong, passwordCheck: tooLong })).toEqual({ password: 'password_too_long' });
  });

  it('says “the password does not match” when the confirmation differs', () => {
    expect(errorsOf({ ...valid, passwordCheck: 'something-else' })).toEqual({ passwordCheck: 'password_mismatch' });
  });
});

describe('date of birth at sign-up (issue 32)', () => {
  it('is required and must be a real YYYY-MM-DD date', () => {
    const { birthDate: _, ...without } = valid;
    expect(errorsOf(without)).toEqual({ birthDate: 'required' });
    expect(errorsOf({ ...valid, birthDate: '17/05/1990' })).toEqual({ birthDate: 'invalid' });
    expect(errorsOf({ ...valid, birthDate: '2001-02-30' })).toEqual({ birthDate: 'invalid' });
    expect(errorsOf({ ...valid, birthDate: '1890-01-01' })).toEqual({ birthDate: 'invalid' });
  });
});
