import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { requiredText } from './fields.ts';
import { birthDate } from './responsible-play.ts';

/** ASVS 2.1.1–2.1.2: at least 12 characters, at most 128 (counted as Unicode characters, not UTF-16 units); any character allowed. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'email_invalid' })
  // The published JSON schema shows the input side of a pipe: say there that it must be an email.
  .meta({ format: 'email' })
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((value) => value.toLowerCase());

/** A password being chosen (sign-up, reset, change): 12–128 characters. Leaked ones are refused by the server (auth/password-policy.ts). */
export const newPassword = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, { error: 'password_too_short', abort: true })
  .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, { error: 'password_too_long' })
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const password = newPassword;

/** Spec §5: name, email, password (12–128 characters), confirmation equal to the password, date of birth (issue 32). */
export const signupBody = z
  .object({
    name: requiredText(100),
    email,
    password,
    passwordCheck: z.string({ error: 'required' }).min(1, { error: 'required' }),
    /** Issue 32: `YYYY-MM-DD`; under 18 is refused (`underage`) before any mail is sent. */
    birthDate,
    promoOptIn: z.boolean({ error: 'invalid' }).default(false),
    locale: z.enum(LOCALES, { error: 'invalid' }).optional(),
  })
  .refine((body) => body.password === body.passwordCheck, {
    path: ['passwordCheck'],
    error: 'password_mismatch',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type SignupBody = z.input<typeof signupBody>;

/** Digits in a sign-up code (issue 29 item 4). */
export const SIGNUP_CODE_LENGTH = 6;

/**
 * `POST /api/auth/signup/verify`: the code mailed to `email`, and the password chosen at sign-up
 * (so a code reaching an inbox cannot finish a sign-up someone else started with that address).
 * Spaces and dashes typed or pasted inside the code are ignored.
 */
export const signupVerifyBody = z.object({
  email,
  code: z
    .string({ error: 'required' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: 'required' })
        .regex(new RegExp(`^\\d{${SIGNUP_CODE_LENGTH}}$`), { error: 'invalid' }),
    ),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX_LENGTH * 4, { error: 'invalid' }),
});
export type SignupVerifyBody = z.input<typeof signupVerifyBody>;

/** The answer to a valid sign-up form, the same whether or not the email has an account: a code (or, to an owner, a notice) is on its way. */
export const signupStarted = z.object({ status: z.literal('verification_sent'), email: z.string() });
export type SignupStarted = z.infer<typeof signupStarted>;

/** `POST /api/account/password`: the current password, the new one twice, and whether to end the account's other sessions. */
export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX_LENGTH * 4, { error: 'invalid' }),
    password: newPassword,
    passwordCheck: z.string({ error: 'required' }).min(1, { error: 'required' }),
    endOtherSessions: z.boolean({ error: 'invalid' }).default(true),
  })
  .refine((body) => body.password === body.passwordCheck, { path: ['passwordCheck'], error: 'password_mismatch' });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** `DELETE /api/account/logins/:provider`: unlinking a provider asks for the password again (a member without one unlinks by provider login alone). */
export const unlinkProviderBody = z.object({ password: z.string({ error: 'invalid' }).max(PASSWORD_MAX_LENGTH * 4, { error: 'invalid' }).optional() }).default({});

/** One of the signed-in member's sessions (GET /api/account/sessions). */
export interface AccountSession {
  id: string;
  current: boolean;
  /** A back-office session (password + authenticator code). */
  staff: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  address: string | null;
  userAgent: string | null;
}

export const loginBody = z.object({
  email,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'invalid' }),
});
export type LoginBody = z.input<typeof loginBody>;

export const ROLES = ['member', 'operator', 'supervisor'] as const;
export type Role = (typeof ROLES)[number];
/** Back-office roles: operators work the queue; supervisors also manage staff and approve. */
export const STAFF_ROLES = ['operator', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole => role === 'operator' || role === 'supervisor';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

export const authResponse = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const meResponse = z.object({
  user: userSchema,
  balance: z.number().int(),
  trialBalance: z.number().int(),
});
export type MeResponse = z.infer<typeof meResponse>;
