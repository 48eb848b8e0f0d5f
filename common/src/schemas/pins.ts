import { z } from 'zod';

/**
 * PIN codes are 16 characters from an unambiguous alphabet (no 0/O, 1/I/L), shown in groups:
 * `K7QX-M2PA-9RTW-HC4D`. Input is forgiving: case, spaces and dashes are ignored.
 */
export const PIN_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PIN_LENGTH = 16;

export function normalizePin(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether input reads as a PIN at all (16 characters of the alphabet once spaces and dashes go): `isPinFormat('k7qx m2pa-9rtw-hc4d')` → true, `isPinFormat('1234')` → false. */
export function isPinFormat(input: string): boolean {
  const code = normalizePin(input);
  return code.length === PIN_LENGTH && [...code].every((c) => PIN_ALPHABET.includes(c));
}

export function formatPin(code: string): string {
  return normalizePin(code).match(/.{1,4}/g)?.join('-') ?? '';
}

export const redeemBody = z.object({
  code: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .transform(normalizePin)
    .pipe(z.string().min(1, { error: 'required' }).max(64, { error: 'invalid' })),
});
export type RedeemBody = z.input<typeof redeemBody>;

export const redeemResponse = z.object({ points: z.number().int(), balance: z.number().int() });
export type RedeemResponse = z.infer<typeof redeemResponse>;

// A missing number is `required`; one sent as text (`"5"`) or another type is `invalid`.
const wholeNumber = () => z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') });

/** Back office: create a batch of PINs each worth `points` (hundredths). */
export const createPinsBody = z.object({
  count: wholeNumber().int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(10_000, { error: 'invalid' }),
  points: wholeNumber()
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100_000_000, { error: 'invalid' }),
});
export type CreatePinsBody = z.infer<typeof createPinsBody>;

export const createPinsResponse = z.object({
  batchId: z.string(),
  points: z.number().int(),
  codes: z.array(z.string()),
});
export type CreatePinsResponse = z.infer<typeof createPinsResponse>;
