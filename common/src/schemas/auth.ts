import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { requiredText } from './fields.ts';

export const PASSWORD_MIN_LENGTH = 8;

const email = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'email_invalid' })
  // The published JSON schema shows the input side of a pipe: say there that it must be an email.
  .meta({ format: 'email' })
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_too_short' })
  .max(200, { error: 'invalid' });

/** Spec §5: name, email, password (≥ 8), confirmation equal to the password. */
export const signupBody = z
  .object({
    name: requiredText(100),
    email,
    password,
    passwordCheck: z.string({ error: 'required' }).min(1, { error: 'required' }),
    promoOptIn: z.boolean({ error: 'invalid' }).default(false),
    locale: z.enum(LOCALES, { error: 'invalid' }).optional(),
  })
  .refine((body) => body.password === body.passwordCheck, {
    path: ['passwordCheck'],
    error: 'password_mismatch',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type SignupBody = z.input<typeof signupBody>;

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
