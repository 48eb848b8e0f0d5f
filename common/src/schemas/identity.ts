import { z } from 'zod';
import { newPassword } from './auth.ts';

/** Issue 15: logging in through an OpenID Connect provider (LINE), and account recovery by email. */

const ticket = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' });
const email = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'email_invalid' })
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((value) => value.toLowerCase());
const password = newPassword;

/** `POST /api/auth/oidc/:provider/start`: log in (anyone) or link to the signed-in account. */
export const oidcStartBody = z.object({ purpose: z.enum(['login', 'link'], { error: 'invalid' }).default('login') });
/** `POST /api/auth/oidc/result`: collect what the provider login came to. */
export const oidcTicketBody = z.object({ ticket });
/** `POST /api/auth/oidc/link-password`: the existing account's password, once, to link the provider to it. */
export const oidcLinkBody = z.object({ ticket, email, password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'invalid' }) });

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z
  .object({ token: ticket, password, passwordCheck: z.string({ error: 'required' }).min(1, { error: 'required' }) })
  .refine((body) => body.password === body.passwordCheck, { path: ['passwordCheck'], error: 'password_mismatch' });
export const verifyEmailBody = z.object({ token: ticket });

/** A provider a member may log in with (GET /api/auth/oidc/providers). */
export interface OidcProviderInfo {
  id: string;
  name: string;
}

/** What a provider login came to (POST /api/auth/oidc/result). */
export type OidcResult =
  | { status: 'signed_in'; token: string; user: { id: string; name: string; email: string } }
  | { status: 'linked'; provider: string }
  | { status: 'link_required'; email: string; provider: string }
  | { status: 'no_email'; provider: string }
  | { status: 'failed'; code: 'token_invalid' | 'identity_taken' | 'cancelled' | 'provider_unavailable'; provider: string };

/** The account page's "ways to log in" (GET /api/account/logins). */
export interface AccountLogins {
  passwordSet: boolean;
  emailVerified: boolean;
  providers: Array<{ id: string; name: string; linked: boolean; email: string | null; linkedAt: string | null }>;
}
