/**
 * The stable error codes of API.md. The client translates them (messages live in the
 * client's locale catalogues under `error.<code>`); the server sends the English text as
 * a fallback for API users.
 */
export const ERROR_CATALOGUE = {
  unauthorized: { status: 401, message: 'Please log in.' },
  session_expired: { status: 401, message: 'Login session expired, please log in again.' },
  token_invalid: { status: 401, message: 'Token verification failed.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  validation_failed: { status: 422, message: 'Some fields need your attention.' },
  invalid_credentials: { status: 401, message: 'Wrong email or password.' },
  messaging_email_unbound: {
    status: 409,
    message: 'If your messaging-app login is not bound to an email, register another way.',
  },
  insufficient_points: { status: 409, message: 'Insufficient points.' },
  selection_exceeds_pick_count: { status: 422, message: 'Selected numbers exceed the number chosen to play.' },
  below_minimum_purchase: { status: 422, message: 'Below the minimum purchase.' },
  exceeds_max_prize: { status: 422, message: 'Exceeds maximum prize amount, adjust purchase items.' },
  odds_changed: { status: 409, message: 'The odds have changed.' },
  // Trial points pay for keno and the draw lotteries; football asked to be paid with them is refused, never bought with real points.
  trial_not_offered: { status: 422, message: 'Trial points cannot pay for this product; nothing was ordered.' },
  sales_closed: { status: 409, message: 'Sales for this issue are closed.' },
  product_not_found: { status: 404, message: 'No corresponding product found.' },
  product_not_on_sale: { status: 409, message: 'This lottery is not on sale.' },
  order_not_found: { status: 404, message: 'No such order found.' },
  // 503 when the database was out of reach (try again in a moment), 500 when something else stopped it.
  order_failed: { status: 503, alsoStatus: 500, message: 'Order failed.' },
  order_issue: { status: 409, message: 'There is an issue with the order, contact customer service.' },
  pin_not_found: { status: 404, message: 'PIN not found.' },
  pin_redeemed: { status: 409, message: 'PIN already redeemed.' },
  redeem_failed: { status: 500, message: 'Redeem failed.' },
  transaction_failed: { status: 402, message: 'Transaction failed.' },
  payment_issue: { status: 502, message: 'Payment issue, try again or contact customer service.' },
  deposit_limit: { status: 422, message: 'This deposit is outside the allowed amounts or over your daily limit.' },
  wallet_debt: { status: 409, message: 'A refunded deposit left points owing; settle them before ordering.' },
  rate_limited: { status: 429, message: 'Too many attempts, please wait and try again.' },
  result_exists: { status: 409, message: 'A result was already entered for this draw or event.' },
  idempotency_key_required: { status: 400, message: 'An Idempotency-Key header is required.' },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was used for a different request.' },
  totp_invalid: { status: 401, message: 'The authenticator code is wrong or expired.' },
  csrf_failed: { status: 403, message: 'This request did not come from this site; reload the page and try again.' },
  account_locked: { status: 403, message: 'This account is locked, contact customer service.' },
  item_claimed: { status: 409, message: 'Another worker has taken this item.' },
  upload_invalid: { status: 422, message: 'The file must be a JPEG, PNG or WebP image or a PDF, at most the size allowed.' },
  pins_exported: { status: 409, message: 'This PIN batch was already exported.' },
  // Issue 28, docs/money-controls.md: nobody creates or moves money alone.
  own_account: { status: 403, message: 'Staff cannot act on their own member account.' },
  approval_required: { status: 409, message: 'A second supervisor must approve this first.' },
  pin_daily_limit: { status: 422, message: 'This is over your daily limit for issuing PIN codes.' },
  refund_pending: { status: 409, message: 'A refund of this deposit is already under way.' },
  refund_unavailable: { status: 409, message: 'These points cannot go back to that payment: only points of your own card or wallet payment through Stripe that you have not played yet can be refunded.' },
  enrolment_required: { status: 403, message: 'Your authenticator is not set up yet: open the enrolment link you were given.' },
  result_mismatch: { status: 409, message: 'The two entries of this result differ; both staff members must check.' },
  // Sign-up's emailed code (issue 29 item 4): the same answers whether or not the email has an account.
  code_invalid: { status: 422, message: 'This code is not right, or not for this password. Check the newest email we sent, or ask for a new code.' },
  code_expired: { status: 410, message: 'This code has expired or was tried too many times. Ask for a new one.' },
  link_expired: { status: 410, message: 'This link has expired or was already used; please start again.' },
  // Winnings out (issue 33, docs/withdrawals.md).
  kyc_required: { status: 403, message: 'Verify your identity (and name your bank account) before withdrawing.' },
  kyc_pending: { status: 409, message: 'Your identity check is already being reviewed; wait for the answer before sending another.' },
  withdrawal_limit: { status: 422, message: 'This amount is outside the withdrawal limits or over your daily limit.' },
  winnings_insufficient: { status: 409, message: 'Only points won as prizes can be withdrawn to a bank, and you have fewer than this.' },
  kyc_decided: { status: 409, message: 'This identity check was already decided; reload to see the outcome.' },
  withdrawal_not_found: { status: 404, message: 'No such withdrawal found.' },
  claim_step: { status: 409, message: 'This claim is not at the step before that one; reload to see where it stands.' },
  claim_documents_closed: { status: 409, message: 'This claim takes no more documents now: we have what we asked for. Write to customer service if something is missing.' },
  claim_documents_limit: { status: 409, message: 'This claim already holds as many documents as it can take; write to customer service to replace one.' },
  withdrawal_state: { status: 409, message: 'This withdrawal has already moved on; reload to see where it stands.' },
  aml_acknowledgement_required: { status: 409, message: 'This withdrawal is flagged: read its flags and acknowledge them before approving.' },
  withdrawal_in_batch: { status: 409, message: 'This withdrawal is in a bank batch already sent for payment; it can only be marked paid.' },
  withdrawal_not_returnable: { status: 409, message: 'Only a bank transfer marked paid can be recorded as returned by the bank.' },
  identity_taken: { status: 409, message: 'This login is already linked to another account.' },
  last_login_method: { status: 409, message: 'This is your only way to log in; set a password first.' },
  email_unverified: { status: 403, message: 'Please verify your email address first.' },
  provider_unavailable: { status: 503, message: 'The login provider cannot be reached, try again later.' },
  service_unavailable: { status: 503, message: 'The service is briefly unavailable, please try again in a moment.' },
  // Issue 32, docs/responsible-play.md: the member's own limits, breaks and the age check.
  limit_reached: { status: 422, message: 'This is over a limit you set; nothing was charged. It resets as shown.' },
  timed_out: { status: 403, message: 'You are taking a break: deposits and play are paused until it ends.' },
  self_excluded: { status: 403, message: 'You have excluded yourself: deposits and play are closed.' },
  underage: { status: 422, message: 'You must be 18 or over to use this site.' },
  cooling_off: { status: 409, message: 'This can be confirmed only once its cooling-off period has passed.' },
  birth_date_required: { status: 403, message: 'Please give your date of birth before you play or deposit.' },
  // A reality check is due in this session (RTS 13): answered (POST /api/me/reality-check/ack) or the session logged out before play goes on.
  reality_check_due: { status: 409, message: 'Time for a reality check: see how long you have played and answer it before you go on.' },
  // Staff may only lower a member's limits (issue 32 item 6): a raise or a removal is the member's own, after its cooling-off.
  limit_raise_refused: { status: 422, message: 'Staff can only lower a limit, never raise or remove it.' },
  account_closed: { status: 403, message: 'This account is closed. Contact customer service about any balance left.' },
  not_found: { status: 404, message: 'Page not found.' },
  internal_error: { status: 500, message: 'Something went wrong on our side.' },
} as const satisfies Record<string, { status: number; alsoStatus?: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Field-level codes carried in `error.fields` of a `validation_failed` response. */
export const FIELD_CODES = [
  'required',
  'email_invalid',
  'password_too_short',
  'password_too_long',
  'password_breached',
  'password_mismatch',
  'too_many_numbers',
  'number_out_of_range',
  'duplicate_number',
  'invalid',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, FieldCode>;
    details?: Record<string, unknown>;
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_CATALOGUE;
}
