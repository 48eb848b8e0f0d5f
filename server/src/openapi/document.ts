import { z } from 'zod';
import {
  adminOrderDetail,
  adminOrdersPage,
  adminOrdersQuery,
  calendarDay,
  dailyReportQuery,
  dailyReportSchema,
  reconciliationQuery,
  reconciliationSchema,
  kycBody,
  kycDecisionBody,
  kycQueueQuery,
  withdrawalApproveBody,
  withdrawalBatchQuery,
  withdrawalBody,
  claimStepBody,
  claimsQuery,
  withdrawalPaidBody,
  withdrawalRejectBody,
  withdrawalReturnedBody,
  withdrawalsQuery,
  adjustmentDecisionBody,
  birthDateBody,
  limitsBody,
  realityCheckBody,
  staffLimitsBody,
  closeAccountBody,
  exportQuery,
  statementQuery,
  selfExclusionBody,
  timeOutBody,
  auditEntry,
  auditQuery,
  bulkConfirmBody,
  claimBody,
  memberLockBody,
  memberSearchQuery,
  pendingAdjustment,
  queueConfirmBody,
  purchaseSheetQuery,
  eventSheetQuery,
  purchaseSheetSchema,
  sheetConfirmBody,
  sheetConfirmResult,
  queueFailBody,
  queueQuery,
  queueResponse,
  savedViewBody,
  staffChallenge,
  staffLoginBody,
  enrolmentLinkSchema,
  staffMember,
  staffInviteBody,
  staffInviteSchema,
  staffAcceptInviteBody,
  staffRoleBody,
  staffSession,
  staffVerifyBody,
  pendingResultSchema,
  pinBatchBody,
  pinBatchesQuery,
  pinBatchSchema,
  resultEntryBody,
  resultEntryResponse,
  forgotPasswordBody,
  inboxMarkBody,
  notificationPreferencesBody,
  changePasswordBody,
  unlinkProviderBody,
  inboxQuery,
  noticeBody,
  oidcLinkBody,
  oidcTicketBody,
  resetPasswordBody,
  supportMessageBody,
  supportThreadBody,
  verifyEmailBody,
  ERROR_CATALOGUE,
  drawJackpotBody,
  drawPrizesBody,
  drawProductDetailSchema,
  drawProductSummarySchema,
  drawQuoteResponse,
  drawStatsQuery,
  drawStatsSchema,
  largeWinSchema,
  lotteryDrawSchema,
  drawFigureEntryResponse,
  lotteryDrawsQuery,
  lotteryResultsPage,
  lotteryResultsQuery,
  orderSchema,
  depositBody,
  depositPage,
  depositView,
  DEPOSIT_STATES,
  adjustmentBody,
  adjustmentResponse,
  healthReport,
  healthUnavailable,
  orderFlagList,
  confirmOrderBody,
  orderBody,
  orderResponse,
  ordersPage,
  ordersQuery,
  quoteResponse,
  FIELD_CODES,
  authResponse,
  createPinsBody,
  clockSnapshotSchema,
  drawList,
  drawsQuery,
  productDetailSchema,
  productSummarySchema,
  resultsPage,
  resultsQuery,
  createPinsResponse,
  ledgerPage,
  loginBody,
  pageQuery,
  meResponse,
  redeemBody,
  redeemResponse,
  siteInfo,
  signupBody,
  signupStarted,
  signupVerifyBody,
  footballEventSchema,
  footballEventDetailSchema,
  footballEventDetailQuery,
  footballEventsQuery,
  footballResultsPage,
  footballResultsQuery,
  standingsSchema,
  resultFeedsResponse,
  feedConfirmBody,
  feedConflictResolveBody,
  adminDrawsQuery,
  adminDrawsResponse,
  type ErrorCode,
} from '@gp/common';
import { ID_PATTERN } from '../platform/ids.ts';
import { EDGE_OPERATIONS } from './edge-operations.ts';
import { AUDIENCE_TAGS, type Operation } from './operation.ts';

export type { Operation } from './operation.ts';

/** How every `{id}` path parameter is read (platform/ids.ts `parseId`, docs/architecture.md "The HTTP edge"). */
export const ID_PARAMETER_RULE =
  'A positive decimal integer of at most 18 digits. A malformed id (letters, 0, a sign, a fraction, too many digits) answers 422 `validation_failed` with `fields.id = "invalid"` on every route; a well-formed id that names nothing answers the route\'s 404.';

/** How a browser's session is presented (server/src/auth/session-cookies.ts). */
export const SESSION_COOKIE_RULE =
  'The session a sign-in sets in the browser: HttpOnly, SameSite=Strict, `__Host-gp_session` over https (`gp_staff` for the back office on /api/admin). A state-changing request presenting it must carry the readable `gp_csrf` cookie\'s value (`gp_staff_csrf` for the back office) in `X-CSRF-Token`, else 403 `csrf_failed`; a request whose Origin is another site is refused the same way. Sessions end 30 minutes after their last use (SESSION_IDLE_MINUTES) and 12 hours after sign-in (SESSION_TTL_SECONDS).';

/** Every route, described by the same zod schemas the server validates with. */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/health', summary: 'Health: 200 while every repeatable job (keno scheduling, reconcilers, sweeps, odds polling, housekeeping) keeps running and the outbox keeps up; 503 with the same body naming what stalled', response: z.union([healthReport, healthUnavailable]), errors: [] },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', errors: [] },
  { method: 'get', path: '/api/site', summary: 'Brand, title and client settings for the requesting host, with the trial points a new account is granted (`trialPointsOnSignup`)', response: siteInfo, errors: [] },
  { method: 'post', path: '/api/auth/signup', summary: 'Start a sign-up (SIGNUP_MAX_PER_ADDRESS per address and window): the same 202 whether or not the email has an account, after the same work. A 6-digit code valid SIGNUP_CODE_TTL_MINUTES is mailed to an address with no account, a notice to an owner; a newer sign-up replaces the older (and its code)', body: signupBody, response: signupStarted, status: 202, errors: ['validation_failed', 'rate_limited', 'underage'] },
  { method: 'post', path: '/api/auth/signup/verify', summary: 'Finish a sign-up with its emailed code and the password chosen with it: the account (verified email, TRIAL_POINTS_ON_SIGNUP trial points as `trialBalance` of `GET /api/me`) and its session, once. `code_invalid` for a wrong code or password, a spent code or an email that has an account; `code_expired` past its time or at its fifth wrong try (a new sign-up mails a new code). Wrong codes also count per address', body: signupVerifyBody, response: authResponse, status: 201, errors: ['validation_failed', 'code_invalid', 'code_expired', 'rate_limited'] },
  { method: 'post', path: '/api/auth/login', summary: 'Log in', body: loginBody, response: authResponse, errors: ['validation_failed', 'invalid_credentials', 'rate_limited'] },
  { method: 'post', path: '/api/auth/logout', summary: 'Revoke the current session (and clear its cookies)', auth: 'member', status: 204, errors: ['unauthorized', 'session_expired', 'token_invalid', 'csrf_failed'] },
  { method: 'post', path: '/api/auth/session', summary: 'Hand the session of the bearer token presented to this browser as its session cookies (an app opening the site in a web view)', auth: 'member', status: 204, errors: ['unauthorized', 'csrf_failed'] },
  { method: 'get', path: '/api/account/sessions', summary: "The member's live sessions (where opened, last used, which is this one)", auth: 'member', response: z.object({ items: z.array(z.record(z.string(), z.unknown())) }), errors: [] },
  { method: 'post', path: '/api/account/sessions/end-all', summary: 'Log out everywhere: every session of the member ends, this one included', auth: 'member', status: 204, errors: ['csrf_failed'] },
  { method: 'delete', path: '/api/account/sessions/{sessionId}', summary: 'End one of the member\'s sessions (its sockets close)', auth: 'member', status: 204, errors: ['not_found', 'csrf_failed'] },
  { method: 'post', path: '/api/account/password', summary: 'Change the password with the current one (12–128 characters, not a leaked one); the session is replaced by a new one (its cookies and token in the answer), the others end when `endOtherSessions`, the owner is emailed', auth: 'member', body: changePasswordBody, response: authResponse, errors: ['validation_failed', 'invalid_credentials', 'rate_limited', 'csrf_failed'] },
  { method: 'delete', path: '/api/account/logins/{provider}', summary: 'Unlink a login provider: the password again (`password`, unless the account has none), never the last way to log in; the owner is emailed', auth: 'member', body: unlinkProviderBody, status: 204, errors: ['validation_failed', 'invalid_credentials', 'not_found', 'last_login_method', 'rate_limited', 'csrf_failed'] },
  { method: 'get', path: '/api/me', summary: 'The signed-in member and balances', auth: 'member', response: meResponse, errors: ['unauthorized', 'session_expired', 'token_invalid'] },
  // Issue 32, docs/responsible-play.md: the member's own limits, breaks, self-exclusion and date of birth. Staff sessions are refused (`forbidden`).
  { method: 'get', path: '/api/me/limits', summary: 'The member\'s deposit, spend and loss limits per rolling period (day = 24 h, week = 7 days, month = 30 days), in GP hundredths: the one in force, what counts against it now, when its oldest amount leaves the window, and any pending raise or removal', auth: 'member', response: z.object({ limits: z.record(z.string(), z.unknown()) }), errors: ['forbidden'] },
  { method: 'put', path: '/api/me/limits', summary: 'Set the limits wanted, all of them (left out or null: none). A lower one applies at once; a raise or removal is pending for 24 hours (`changes[].effectiveAt`) and then needs POST /api/me/limits/confirm; asking again for the limit in force cancels a pending change', auth: 'member', body: limitsBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/me/limits/confirm', summary: 'Confirm the pending raises and removals whose 24-hour cooling-off is over (those still cooling off stay pending). `cooling_off` (409, `details.effectiveAt`) when none is due yet, `not_found` when none is pending', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'cooling_off', 'not_found'] },
  { method: 'get', path: '/api/me/play-state', summary: 'Whether the member may play: `active`, `timed_out` or `self_excluded` (with `until`), `exclusion_ended` (the account stays closed until a return is asked for and confirmed); the date of birth and the age check (`missing`, `declared`, `verified`); whether any limit is set; `realityCheck`: this session\'s reality check (interval, sign-in time, `nextCheckAt`, `due`, and the session\'s `stakes`, `prizes` and `net` = stakes − prizes in GP hundredths)', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['forbidden'] },
  { method: 'put', path: '/api/me/reality-check', summary: 'Choose the reality-check interval (`minutes`: 15, 30, 45, 60, 90, 120, 180, 240 or 360; null: none), for every session of the member; the next check falls due one interval from now (the interval in force asked again changes nothing). While a check is due, 409 `reality_check_due`: it is answered first. Answers `realityCheck` as in GET /api/me/play-state', auth: 'member', body: realityCheckBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'reality_check_due'] },
  { method: 'post', path: '/api/me/reality-check/ack', summary: 'Answer the reality check due in this session ("continue"): orders, deposits and PINs, refused with `reality_check_due` (409) while it was due, go on, and the next check falls due one interval from now. A check not yet due is left as it is (answering early does not push it away)', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['forbidden'] },
  { method: 'post', path: '/api/me/time-out', summary: 'Take a break now (24h, 7d, 30d or 42d): deposits, PINs and orders are refused with `timed_out` (403) until it ends; orders already placed are still bought and settled. Never shortened: a shorter one asked during a longer one leaves the longer; refused while self-excluded', auth: 'member', body: timeOutBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'self_excluded'] },
  { method: 'post', path: '/api/me/self-exclusion', summary: 'Self-exclude now for 6m, 1y, 2y or 5y (`confirm: true`, the positive action): deposits, PINs and orders are refused with `self_excluded` (403), marketing consent is withdrawn; nobody can lift it early, a running one is only extended', auth: 'member', body: selfExclusionBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/me/self-exclusion/return', summary: 'After a self-exclusion has ended: ask to return. The account opens once the member confirms, a day or more later', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'self_excluded', 'not_found'] },
  { method: 'post', path: '/api/me/self-exclusion/return/confirm', summary: 'Confirm the return a day or more after asking (`cooling_off` before): the account opens again', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'self_excluded', 'cooling_off', 'not_found'] },
  { method: 'put', path: '/api/me/birth-date', summary: 'A member without a date of birth (a messaging-app sign-up) gives it, once (`YYYY-MM-DD`); under 18 is refused (`underage`). Until then deposits and orders answer `birth_date_required`', auth: 'member', body: birthDateBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'underage'] },
  // Issue 32 item 5, docs/responsible-play.md "Your account": the member's data, statements and closing. Staff sessions are refused (`forbidden`).
  { method: 'get', path: '/api/me/export', summary: 'Everything held on the member, as an attachment: profile, sessions, linked logins, orders, ledger, deposits, withdrawals, identity checks (file names, not the files), limits and their changes, breaks, inbox and support messages. `format=json` (one document) or `csv` (one file: each section its own header row, every row starting with the section name). Streamed a page at a time; at most ACCOUNT_EXPORTS_PER_HOUR a member an hour (`rate_limited`)', auth: 'member', query: exportQuery, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'rate_limited'] },
  { method: 'get', path: '/api/me/statements', summary: "A month's activity statement of real points (GP hundredths): opening balance, deposits (PINs included), stakes, prizes, refunds, withdrawals, adjustments, net and closing balance, summed from the ledger. `month=YYYY-MM` in `timeZone` (IANA; REPORT_TIME_ZONE when left out, stated in the answer); `format=csv` answers the same as CSV", auth: 'member', query: statementQuery, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/me/close', summary: 'Close the account with the password again and `confirm: true`. Every session ends at once, marketing consent is withdrawn, sign-in then answers `account_closed`. Real points stay the member\'s (prize winnings paid out and deposits refunded through customer service; open withdrawals go on); trial points are forfeited (one ledger posting); orders placed before are still bought and settled; identity files are deleted KYC_FILE_RETENTION_DAYS later', auth: 'member', body: closeAccountBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'invalid_credentials', 'account_closed', 'rate_limited', 'csrf_failed'] },
  // Login providers (LINE), recovery and email, inbox, customer service.
  { method: 'get', path: '/api/auth/oidc/providers', summary: 'The configured OpenID Connect providers (LINE); none without settings', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/auth/oidc/result', summary: 'What a provider login came to (signed_in with a session once, linked, link_required, no_email, failed)', body: oidcTicketBody, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'link_expired', 'account_locked'] },
  { method: 'post', path: '/api/auth/oidc/link-password', summary: 'Link the provider to the existing account of that email once its password checks out, and sign in', body: oidcLinkBody, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'link_expired', 'invalid_credentials', 'identity_taken', 'rate_limited'] },
  { method: 'post', path: '/api/auth/oidc/{provider}/start', summary: "Start a provider login: the provider's authorization URL to send the browser to (PKCE, `state` and `nonce` kept here)", response: z.object({ url: z.string() }), errors: ['not_found', 'provider_unavailable', 'rate_limited'] },
  { method: 'get', path: '/api/auth/oidc/{provider}/callback', status: 303, summary: 'Where the provider sends the browser back: redirected to the client page `/auth/provider` with a one-time `ticket`, or with `error=<code>` (`link_expired` for a replayed or expired `state`)', errors: [] },
  { method: 'get', path: '/api/account/logins', summary: 'The ways the member logs in: password set, email verified, each provider linked or not', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/account/logins/{provider}/link', summary: "Link a provider to the signed-in account: the provider's authorization URL (a verified email is needed)", auth: 'member', response: z.object({ url: z.string() }), errors: ['not_found', 'email_unverified', 'provider_unavailable', 'rate_limited'] },
  { method: 'post', path: '/api/auth/password/forgot', summary: 'Email a single-use password-reset link (same answer for unknown emails)', body: forgotPasswordBody, status: 202, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'rate_limited'] },
  { method: 'post', path: '/api/auth/password/reset', summary: 'Set a new password with a reset link; every session of the account ends', body: resetPasswordBody, status: 204, errors: ['validation_failed', 'link_expired', 'rate_limited'] },
  { method: 'post', path: '/api/auth/email/verify', summary: 'Verify the email address with the link sent at sign-up', body: verifyEmailBody, status: 204, errors: ['validation_failed', 'link_expired'] },
  { method: 'post', path: '/api/auth/email/resend', summary: 'Send the verification link again', auth: 'member', status: 202, response: z.record(z.string(), z.unknown()), errors: ['rate_limited'] },
  { method: 'get', path: '/api/inbox', summary: "The member's inbox, newest first (`before` pages), with the unread count", auth: 'member', query: inboxQuery, response: z.record(z.string(), z.unknown()), errors: ['validation_failed'] },
  { method: 'get', path: '/api/inbox/unread', summary: 'The unread count (also pushed as `inbox`)', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/inbox/read-all', summary: 'Mark every message read', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'get', path: '/api/inbox/preferences', summary: 'Which inbox kinds also go by email', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'put', path: '/api/inbox/preferences', summary: 'Choose which inbox kinds also go by email (`emailKinds`)', auth: 'member', body: notificationPreferencesBody, response: z.record(z.string(), z.unknown()), errors: ['validation_failed'] },
  { method: 'patch', path: '/api/inbox/{id}', summary: 'Mark one message read or unread (the unread count is pushed as `inbox`)', auth: 'member', body: inboxMarkBody, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found'] },
  { method: 'delete', path: '/api/inbox/{id}', summary: 'Delete one message', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/inbox/notices', summary: 'A notice to every member or a segment (all, depositors, recent)', auth: 'operator', body: noticeBody, status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'forbidden'] },
  { method: 'get', path: '/api/support/threads', summary: "The member's conversations with customer service", auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/support/threads', summary: 'Start a conversation, optionally about one of the member’s orders; pushes `support` to staff', auth: 'member', body: supportThreadBody, status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'order_not_found', 'rate_limited'] },
  { method: 'get', path: '/api/support/threads/{id}', summary: 'One conversation with its messages (marked read)', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found'] },
  { method: 'post', path: '/api/support/threads/{id}/messages', summary: 'Write in a conversation (JSON, or multipart/form-data with one optional `screenshot`: PNG, JPEG or WebP, at most 5 MB)', auth: 'member', body: supportMessageBody, status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found', 'rate_limited', 'upload_invalid'] },
  { method: 'get', path: '/api/support/threads/{id}/messages/{messageId}/attachment', summary: "A message's screenshot, to the conversation's member only", auth: 'member', errors: ['validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/support/threads/{id}/messages/{messageId}/attachment', summary: "A message's screenshot, for staff", auth: 'operator', errors: ['validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/support/threads', summary: 'Conversations for staff (open or closed), newest activity first', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['validation_failed'] },
  { method: 'get', path: '/api/admin/support/threads/{id}', summary: 'One conversation for staff (marked read by staff)', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/support/threads/{id}/messages', summary: "Answer a member: pushes `support` and writes a `support_reply` inbox message", auth: 'operator', body: supportMessageBody, status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/support/threads/{id}/close', summary: 'Close a conversation (a member message reopens it)', auth: 'operator', status: 204, errors: ['validation_failed', 'not_found'] },
  { method: 'get', path: '/api/wallet/ledger', summary: 'Ledger entries, newest first', auth: 'member', query: pageQuery, response: ledgerPage, errors: ['unauthorized', 'validation_failed'] },
  { method: 'post', path: '/api/pins/redeem', summary: 'Redeem a PIN code for points (credits once). A staff account cannot redeem codes, nor can whoever issued, approved or exported the code\'s batch (`own_account`)', auth: 'member', idempotent: true, body: redeemBody, response: redeemResponse, errors: ['validation_failed', 'pin_not_found', 'pin_redeemed', 'redeem_failed', 'rate_limited', 'own_account', 'timed_out', 'self_excluded', 'birth_date_required', 'limit_reached', 'reality_check_due'] },
  { method: 'post', path: '/api/admin/pins', summary: 'Issue PIN codes handed out at once (returned this once); audited. Only within what the staff member may move alone in a rolling day (ADJUSTMENT_APPROVAL_POINTS, adjustments and PIN batches together): past it nothing is created (`approval_required`: issue a batch, which a second supervisor approves). At most PIN_DAILY_MAX_POINTS of codes per staff member per rolling day (`pin_daily_limit`, `details.remaining`)', auth: 'operator', body: createPinsBody, response: createPinsResponse, status: 201, errors: ['forbidden', 'validation_failed', 'approval_required', 'pin_daily_limit'] },
  { method: 'post', path: '/api/admin/pin-batches', summary: 'Issue a PIN batch (count, points, optional expiry and note); the codes are kept sealed until the one CSV export, never shown here; audited. `approval: pending` when it takes its issuer past ADJUSTMENT_APPROVAL_POINTS moved alone in the rolling day: a second supervisor approves it before it can be exported. At most PIN_DAILY_MAX_POINTS of codes per staff member per rolling day (`pin_daily_limit`)', auth: 'operator', body: pinBatchBody, response: pinBatchSchema, status: 201, errors: ['forbidden', 'validation_failed', 'pin_daily_limit'] },
  { method: 'get', path: '/api/admin/pin-batches', summary: 'PIN batches, newest first: issued, redeemed and voided counts, expiry, note, who issued, when exported or voided', auth: 'operator', query: pinBatchesQuery, response: z.object({ items: z.array(pinBatchSchema) }), errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/admin/pin-batches/{id}/approve', summary: 'Supervisors only, not its issuer (`forbidden`): approve a pending batch, once (`not_found` when it is not pending); it may then be exported and its codes redeemed; audited', auth: 'operator', response: pinBatchSchema, errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/pin-batches/{id}/export', summary: 'The batch\'s codes as CSV (code, points_gp — GP with two decimals, expires_at, batch), once: a second export (or the loser of concurrent ones) is 409 `pins_exported`, a batch still waiting for approval 409 `approval_required`; audited', auth: 'operator', errors: ['forbidden', 'validation_failed', 'not_found', 'pins_exported', 'approval_required'] },
  { method: 'post', path: '/api/admin/pin-batches/{id}/void', summary: 'Supervisors only: void the codes of a batch nobody redeemed (redeemed ones stay); a voided code then reads as `pin_not_found`; audited', auth: 'operator', response: pinBatchSchema, errors: ['forbidden', 'validation_failed', 'not_found'] },
  // Issue 13: the back office. Who may call each route is server/src/staff/access.ts (supervisor-only ones say so).
  { method: 'post', path: '/api/admin/auth/login', summary: 'Staff sign-in, step 1: email and password; answers a challenge for the TOTP step, or a session when STAFF_MFA=off. A staff member who has not enrolled an authenticator sends `enrolment`, the token of the single-use link they were given (`/admin#enrol=<token>`): the answer then carries the secret to enrol. Without it `enrolment_required`; a used, expired or another\'s link `link_expired`. The password alone never enrols', body: staffLoginBody, response: z.union([staffChallenge, staffSession]), errors: ['validation_failed', 'invalid_credentials', 'forbidden', 'rate_limited', 'enrolment_required', 'link_expired'] },
  { method: 'post', path: '/api/admin/auth/verify', summary: 'Staff sign-in, step 2: the challenge and a TOTP code (or a recovery code); a staff session (cookie `gp_staff`, and the token in the answer), shorter than a member\'s, ended by a role change. A challenge dies after 3 wrong codes (`session_expired`: the password again); wrong codes are limited per address and per account and audited. A first sign-in spends its enrolment link (`link_expired` if it was spent meanwhile)', body: staffVerifyBody, response: staffSession, errors: ['validation_failed', 'totp_invalid', 'session_expired', 'invalid_credentials', 'rate_limited', 'link_expired'] },
  { method: 'post', path: '/api/admin/auth/session', summary: 'Hand the staff session of the bearer token presented to this browser as the console\'s cookies', auth: 'operator', status: 204, errors: ['csrf_failed'] },
  { method: 'post', path: '/api/admin/auth/logout', summary: 'End the staff session (and clear its cookies)', auth: 'operator', status: 204, errors: ['csrf_failed'] },
  { method: 'get', path: '/api/admin/me', summary: 'The signed-in staff member and when the session ends', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['forbidden'] },
  { method: 'get', path: '/api/admin/staff', summary: 'Supervisors only: staff members, their role and whether they enrolled TOTP', auth: 'operator', response: z.object({ items: z.array(staffMember) }), errors: ['forbidden'] },
  { method: 'post', path: '/api/admin/staff/{id}/role', summary: 'Supervisors only, not oneself (`forbidden`): set a user\'s role (member, operator, supervisor); their sessions end; audited', auth: 'operator', body: staffRoleBody, status: 204, errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/staff/{id}/enrolment-link', summary: 'Supervisors only: a single-use link (`url`: /admin#enrol=<token>, under PUBLIC_URL or this request\'s address) with which a staff member who has not enrolled an authenticator yet enrols one, valid STAFF_ENROLMENT_LINK_HOURS; shown once (`Cache-Control: no-store`), audited without its token. `validation_failed` (`id`) for a member or one who has enrolled', auth: 'operator', response: enrolmentLinkSchema, status: 201, errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/staff/invites', summary: 'Supervisors only: invite a colleague by email — a new operator or supervisor account with no usable password, and a single-use link (`url`: /admin#invite=<token>, valid STAFF_ENROLMENT_LINK_HOURS, shown once, `Cache-Control: no-store`) with which they choose their password and enrol TOTP; audited (`staff.invited`). `validation_failed` (`email`) when the address has an account: change its role instead', auth: 'operator', body: staffInviteBody, response: staffInviteSchema, status: 201, errors: ['forbidden', 'validation_failed', 'csrf_failed'] },
  { method: 'post', path: '/api/admin/auth/invite', summary: 'The invited colleague, from their link: the token and the password they choose (12–128 characters, not a leaked one); answers the TOTP enrolment challenge, as a first sign-in with an enrolment link does (then /api/admin/auth/verify, which spends the link). A used, expired or unknown link, one whose password is set already, or one of a deactivated account: `link_expired` (counted per address)', body: staffAcceptInviteBody, response: staffChallenge, errors: ['validation_failed', 'link_expired', 'rate_limited'] },
  { method: 'post', path: '/api/admin/staff/{id}/deactivate', summary: 'Supervisors only, not oneself (`own_account`): deactivate a colleague — no sign-in any more, their sessions end now; audited (`staff.deactivated`). Again changes nothing. `validation_failed` (`id`) for a member', auth: 'operator', status: 204, errors: ['forbidden', 'validation_failed', 'not_found', 'own_account', 'csrf_failed'] },
  { method: 'post', path: '/api/admin/staff/{id}/totp-reset', summary: 'Supervisors only, not oneself (`own_account`): forget a colleague\'s authenticator and recovery codes (a lost phone), end their sessions, and answer a new single-use enrolment link (`url`, shown once); audited (`staff.totp_reset`)', auth: 'operator', response: enrolmentLinkSchema, status: 201, errors: ['forbidden', 'validation_failed', 'not_found', 'own_account', 'csrf_failed'] },
  { method: 'get', path: '/api/admin/audit', summary: 'Supervisors only: the append-only audit log (who, what, before/after, when, from where), newest first, filtered', auth: 'operator', query: auditQuery, response: z.object({ items: z.array(auditEntry) }), errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/queue', summary: 'The order queue: everything that needs a person (manual purchases, purchases in doubt, bought after refund, large wins, held deposits), most urgent first, with claims and live figures; changes are pushed as `queue_changed` to staff sockets', auth: 'operator', query: queueQuery, response: queueResponse, errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/admin/queue/claim', summary: 'Claim an item for QUEUE_LEASE_SECONDS (others see it taken; `item_claimed` when someone else holds it)', auth: 'operator', body: claimBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'item_claimed'] },
  { method: 'post', path: '/api/admin/queue/release', summary: 'Give a claimed item back to the queue', auth: 'operator', body: claimBody, status: 204, errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/admin/queue/orders/{id}/confirm', summary: 'Confirm a purchase with its ticket reference and, as multipart/form-data, a `scan` of the ticket (JPEG, PNG, WebP or PDF, up to SCAN_MAX_BYTES) the member then sees on the order', auth: 'operator', body: queueConfirmBody, response: orderResponse, errors: ['forbidden', 'validation_failed', 'order_not_found', 'order_issue', 'item_claimed', 'upload_invalid'] },
  { method: 'post', path: '/api/admin/queue/orders/{id}/fail', summary: 'Mark a purchase failed: the member is refunded once and told why', auth: 'operator', body: queueFailBody, response: orderResponse, errors: ['forbidden', 'validation_failed', 'order_not_found', 'order_issue', 'item_claimed'] },
  { method: 'post', path: '/api/admin/queue/bulk-confirm', summary: 'Confirm a stack of tickets bought together, one reference each; a result per order (`already: true` for an order bought before under the same reference: a retried or raced stack confirms each order once)', auth: 'operator', body: bulkConfirmBody, response: z.object({ results: z.array(z.record(z.string(), z.unknown())) }), errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/queue/views', summary: 'The caller\'s saved queue views (name and filters)', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['forbidden'] },
  { method: 'post', path: '/api/admin/queue/views', summary: 'Save (or replace, by name) a queue view', auth: 'operator', body: savedViewBody, status: 204, errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/draws/{id}/purchase-sheet', summary: 'Buying in batches: every ticket of a draw (keno `draws` or lottery `lottery_draws` id, told apart by `productCode`) still to buy — real orders in status 0 or 1 — grouped as a terminal keys them (product, play, multiplier), a line per ticket with its member; `format=csv` answers the same as CSV (amounts in GP with two decimals, an empty `ticket_ref` column to fill in). `not_found` for no such draw of that product', auth: 'operator', query: purchaseSheetQuery, response: purchaseSheetSchema, errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/football/events/{id}/purchase-sheet', summary: 'Buying in batches: every football slip with a leg on this event still to buy, grouped by mode, formula and unit stake, one line per leg; `format=csv` as CSV. A slip over several events is on each of their sheets (one ticket: confirmed once)', auth: 'operator', query: eventSheetQuery, response: purchaseSheetSchema, errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/purchase-sheet/confirm', summary: 'Confirm a sheet\'s tickets, as multipart/form-data: `items` (JSON text of `[{ orderId, ticketRef }]`, at most 100, each order once) and a `scan.<orderId>` file per ticket that has one (JPEG, PNG, WebP or PDF, up to SCAN_MAX_BYTES). Each ticket as one confirmation with its scan (audited, the member told); a ticket already bought under the same reference answers `already` (a retry changes nothing), a refused one `refused` with its error code; one refusal does not undo the others', auth: 'operator', body: sheetConfirmBody, response: sheetConfirmResult, errors: ['forbidden', 'validation_failed', 'upload_invalid', 'csrf_failed'] },
  { method: 'get', path: '/api/orders/{id}/ticket-scan', summary: "The scan of the member's own order's ticket (proof of purchase, before the draw too)", auth: 'member', errors: ['validation_failed', 'order_not_found', 'not_found'] },
  { method: 'get', path: '/api/admin/orders/{id}/scan', summary: 'The ticket scan of an order, for staff', auth: 'operator', errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/adjustments', summary: 'Recent adjustments, filtered by status (queued, applied, refused, pending_approval, rejected)', auth: 'operator', query: { status: 'queued | applied | refused | pending_approval | rejected' }, response: z.object({ items: z.array(pendingAdjustment) }), errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/admin/adjustments/{id}/decision', summary: 'Supervisors only, not the author (`forbidden`), not for their own member account (`own_account`): approve or reject a pending adjustment; approved, the worker applies it once', auth: 'operator', body: adjustmentDecisionBody, response: adjustmentResponse, errors: ['forbidden', 'validation_failed', 'not_found', 'own_account'] },
  { method: 'get', path: '/api/admin/members', summary: 'Find members by email, name or order id (at most 20)', auth: 'operator', query: memberSearchQuery, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/members/{id}', summary: 'A member: profile, balances, debt, the ledger 25 lines a page (`ledgerPage`), latest orders and deposits', auth: 'operator', query: { ledgerPage: 'page of the ledger, from 1' }, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/members/{id}/responsible-play', summary: 'A member\'s responsible play (issue 32): play state and age check, limits in force with what counts and pending raises (`effectiveAt`), breaks and self-exclusions, and the history of limits (with the supervisor and reason of those staff lowered). Read-only: nobody on the staff lifts a break or an exclusion', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'put', path: '/api/admin/members/{id}/limits', summary: 'Supervisors only: lower some of a member\'s limits at once (`limits` as in PUT /api/me/limits, only the kinds and periods named change), with a `reason`; a raise, a removal or an amount not below the one in force is `limit_raise_refused` and nothing changes; a pending raise of a limit lowered is dropped; never one\'s own account (`own_account`); audited, and the member gets an inbox message. Answers the member\'s responsible play as the GET', auth: 'operator', body: staffLimitsBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'not_found', 'own_account', 'limit_raise_refused'] },
  { method: 'post', path: '/api/admin/members/{id}/lock', summary: 'Supervisors only: lock or unlock a member, with a reason (a locked member\'s sessions end and sign-in answers `account_locked`); never one\'s own account (`own_account`); audited', auth: 'operator', body: memberLockBody, status: 204, errors: ['forbidden', 'validation_failed', 'not_found', 'own_account'] },
  { method: 'get', path: '/api/admin/debts', summary: 'Members who owe points after a refund or chargeback, oldest first, with the deposit that caused each debt', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['forbidden'] },
  { method: 'post', path: '/api/admin/adjustments', summary: 'Queue a credit (amount > 0) or debit (amount < 0) of a member wallet; the worker applies it once and pushes `balance`. `status: pending_approval` (nothing moves until a second supervisor decides) when, with it, its author would have moved more than ADJUSTMENT_APPROVAL_POINTS alone in the rolling day (adjustments either way and PIN batches together), or the member would have been adjusted by more than that without a second person. Never on the author\'s own member account (`own_account`)', auth: 'operator', idempotent: true, body: adjustmentBody, response: adjustmentResponse, status: 202, errors: ['unauthorized', 'forbidden', 'validation_failed', 'idempotency_key_required', 'idempotency_key_reused', 'own_account'] },
  { method: 'get', path: '/api/deposits/options', summary: 'Deposit currencies (USD, TWD, CNY) with their GP rate (rounded down), limits and amount presets; the methods on offer and whether they are test payments (sandbox); GP hundredths the member may still deposit today', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/deposits', summary: 'Open a deposit (amount in minor units) and its payment: `deposit.start` is a redirect (Stripe Checkout, JKO Pay) or a form to post (ECPay). Points are credited only when the provider confirms (notification or query)', auth: 'member', idempotent: true, body: depositBody, response: z.object({ deposit: depositView }), status: 201, errors: ['validation_failed', 'idempotency_key_required', 'deposit_limit', 'payment_issue', 'timed_out', 'self_excluded', 'birth_date_required', 'limit_reached', 'reality_check_due'] },
  { method: 'get', path: '/api/deposits', summary: "The member's deposits, newest first", auth: 'member', query: pageQuery, response: depositPage, errors: ['validation_failed'] },
  { method: 'get', path: '/api/deposits/debt', summary: 'Points a refunded or charged-back deposit could not take back (already spent); orders answer `wallet_debt` while any is open', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/deposits/debt/settle', summary: 'Pay open debts from the balance, as far as it goes; pushes `balance`', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'get', path: '/api/deposits/{id}', summary: 'One of the member’s deposits: state, points, barcode and expiry', auth: 'member', response: depositView, errors: ['not_found'] },
  { method: 'get', path: '/api/admin/deposits', summary: 'Deposits in one state (default `held`: the provider reported another amount or currency; never credited)', auth: 'operator', query: z.object({ state: z.enum(DEPOSIT_STATES).optional(), limit: z.number().int().min(1).max(500).optional() }), response: z.record(z.string(), z.unknown()), errors: ['validation_failed'] },
  { method: 'post', path: '/api/admin/deposits/{id}/refund', summary: 'Refund a paid deposit through its provider and take its points back (what was spent becomes a wallet debt); a held deposit (never credited) gives back what the provider received. The refund is claimed on the deposit under one reference (`R` + its merchant reference: the Idempotency-Key at Stripe, the refund id at JKO) before the provider is asked, so a second request while one is under way is `refund_pending` and never reaches the provider; staff never refund their own deposit (`own_account`)', auth: 'operator', response: depositView, errors: ['not_found', 'validation_failed', 'payment_issue', 'refund_pending', 'own_account'] },
  { method: 'post', path: '/api/admin/deposits/{id}/credit', summary: 'Supervisors only: credit a held deposit anyway, for what the provider reported it received (amount × rate), exactly once; open debts are settled first; audited with the reason. Refused (`validation_failed`, field `amount`) when what the provider sent was not an amount (`problem.reason: amount_unreadable`), and for a deposit of the supervisor’s own account (`own_account`)', auth: 'operator', body: z.object({ reason: z.string().min(1).max(200) }), response: depositView, errors: ['forbidden', 'not_found', 'validation_failed', 'own_account'] },
  // Winnings out (issue 33, docs/withdrawals.md): identity checks and withdrawals.
  { method: 'get', path: '/api/me/kyc', summary: "The member's identity check: `state` none, pending, approved, rejected (with `reason`) or more_needed (with `reason`: what staff ask for); the bank account by its last four digits", auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/me/kyc', summary: 'Send an identity check, as multipart/form-data: `document` (JPEG, PNG, WebP or PDF), `selfie` (JPEG, PNG or WebP), each at most KYC_MAX_BYTES and recognised by their bytes, with the bank account in the member’s own name (`accountName`, `accountNumber`, `bankCode`). One waits at a time (`kyc_pending`); at most KYC_DAILY_SUBMISSIONS a rolling day (`rate_limited`)', auth: 'member', body: kycBody, status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'upload_invalid', 'kyc_pending', 'rate_limited'] },
  { method: 'get', path: '/api/me/kyc/{id}/document', summary: "The identity document of one of the member's own submissions (an attachment, sandboxed)", auth: 'member', errors: ['not_found'] },
  { method: 'get', path: '/api/me/kyc/{id}/selfie', summary: "The selfie of one of the member's own submissions (an attachment, sandboxed)", auth: 'member', errors: ['not_found'] },
  { method: 'get', path: '/api/withdrawals', summary: "The member's withdrawals, newest first, and the `terms` stated before confirming: minimum, maximum, daily limit and what is left of it, the fee, the payout currency and its published rate, what may be withdrawn (real points won as prizes, not yet withdrawn) and the identity check's state", auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'post', path: '/api/withdrawals', summary: 'Request a withdrawal (`amount` GP hundredths, `method` bank_transfer, or `stripe_refund` with the `depositId` of one of `terms.refundable`: deposited points not yet played, back to their own Stripe payment, no fee): holds the points at once (a `withdrawal` ledger entry) and pushes `balance`; the same Idempotency-Key answers the same withdrawal. Needs an approved identity check (`kyc_required`); within the limits (`withdrawal_limit`, with the figures in `details`) and the prizes won and not yet withdrawn (`winnings_insufficient`); a refund only of a paid Stripe deposit of one’s own, within its points not yet played (`refund_unavailable`)', auth: 'member', idempotent: true, body: withdrawalBody, status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'idempotency_key_required', 'kyc_required', 'withdrawal_limit', 'winnings_insufficient', 'insufficient_points', 'wallet_debt', 'refund_unavailable'] },
  { method: 'post', path: '/api/withdrawals/{id}/cancel', summary: 'Cancel one of the member’s own withdrawals while it is still `requested`: the held points come back, once', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['withdrawal_not_found', 'withdrawal_state'] },
  { method: 'get', path: '/api/admin/kyc', summary: 'Identity checks in one state (default `pending`, oldest first), with their files by URL', auth: 'operator', query: kycQueueQuery, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/kyc/{id}/document', summary: "A submission's identity document, for staff (an attachment, sandboxed)", auth: 'operator', errors: ['forbidden', 'not_found'] },
  { method: 'get', path: '/api/admin/kyc/{id}/selfie', summary: "A submission's selfie, for staff (an attachment, sandboxed)", auth: 'operator', errors: ['forbidden', 'not_found'] },
  { method: 'post', path: '/api/admin/kyc/{id}/decision', summary: 'Decide a pending identity check: `approve`, `reject` or `more_needed` (both with a `reason` the member reads); once (`kyc_decided`), audited, never one’s own (`own_account`)', auth: 'operator', body: kycDecisionBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'not_found', 'kyc_decided', 'own_account'] },
  { method: 'get', path: '/api/admin/withdrawals', summary: 'Withdrawals in one state (default `requested`), oldest first, with the member and the whole bank account', auth: 'operator', query: withdrawalsQuery, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/withdrawals/batch', summary: 'The finance team’s bank-transfer batch file (text/csv; columns WITHDRAWAL_BATCH_COLUMNS, a layout unconfirmed for any one bank: docs/withdrawals.md). Without `batchId`: records a new batch of the approved bank transfers not yet in one (each withdrawal in at most one batch; its id in the `X-Batch-Id` header; none waiting: the empty file, nothing recorded). With `batchId`: that batch’s file again, byte for byte', auth: 'operator', query: withdrawalBatchQuery, responseType: 'text/csv', errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/withdrawals/batches', summary: 'The recorded bank-transfer batches, newest first: who exported each and when, how many withdrawals, their total in GP hundredths and in the payout currency, and the bank’s reference once paid', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['forbidden'] },
  { method: 'post', path: '/api/admin/withdrawals/batches/{batchId}/paid', summary: 'Mark a batch paid with the bank’s `reference`, once (`withdrawal_state` the second time): every withdrawal of it still approved becomes paid with that reference; never by staff with a withdrawal of their own in it (`own_account`); audited', auth: 'operator', body: withdrawalPaidBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'not_found', 'withdrawal_state', 'own_account'] },
  { method: 'post', path: '/api/admin/withdrawals/{id}/approve', summary: 'Approve a requested withdrawal, never one’s own (`own_account`). Above WITHDRAWAL_FOUR_EYES_POINTS, or past the approver’s rolling-day bound (ADJUSTMENT_APPROVAL_POINTS with adjustments and PIN batches), this is the first of two approvals (`awaitingSecondApproval`); the same person cannot give both (`approval_required`). A withdrawal with AML flags (`amlFlags`) always needs two approvals, each sending `acknowledgeFlags: true` (`aml_acknowledgement_required` otherwise)', auth: 'operator', body: withdrawalApproveBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'withdrawal_not_found', 'withdrawal_state', 'approval_required', 'aml_acknowledgement_required', 'own_account'] },
  { method: 'post', path: '/api/admin/withdrawals/{id}/reject', summary: 'Reject a requested or approved (unpaid) withdrawal with a `reason`: the held points come back, once. Not once it is in an exported bank batch (`withdrawal_in_batch`)', auth: 'operator', body: withdrawalRejectBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'withdrawal_not_found', 'withdrawal_state', 'withdrawal_in_batch', 'own_account'] },
  { method: 'post', path: '/api/admin/withdrawals/{id}/paid', summary: 'Mark an approved bank transfer paid with the bank’s or provider’s `reference`, once; audited (a `stripe_refund` is paid by its refund: `withdrawal_state` here)', auth: 'operator', body: withdrawalPaidBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'withdrawal_not_found', 'withdrawal_state', 'own_account'] },
  { method: 'post', path: '/api/admin/withdrawals/{id}/returned', summary: 'Supervisors only. Record a paid bank transfer the bank sent back, with the bank’s `reference` for the return and the `reason` (the member reads it): the withdrawal becomes `returned` and its held points come back once (ledger cause `withdrawal-return`, as a rejection), the member is told, audited. A supervisor alone within their rolling-day bound (ADJUSTMENT_APPROVAL_POINTS with adjustments, PIN batches and lone approvals); past it the first call records it (`returnFirstBy`) and another supervisor confirms it with a second call (the same person: `approval_required`). Only a paid bank transfer (`withdrawal_not_returnable`); a second return: `withdrawal_state`; never one’s own (`own_account`)', auth: 'operator', body: withdrawalReturnedBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'withdrawal_not_found', 'withdrawal_not_returnable', 'withdrawal_state', 'approval_required', 'own_account'] },
  { method: 'post', path: '/api/admin/withdrawals/{id}/refund', summary: 'Pay an approved `stripe_refund` withdrawal by refunding its deposit’s Stripe payment (never one’s own): looks up any earlier attempt under the withdrawal’s reference first, then refunds under that reference as the idempotency key. Paid with Stripe’s refund id; a failed or refused refund rejects it and returns the held points once; no answer (`payment_issue`) or a refund still pending at Stripe (`refund_pending`) leaves it approved, to be sent again; another click while one is under way: `refund_pending`', auth: 'operator', response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'withdrawal_not_found', 'withdrawal_state', 'own_account', 'refund_pending', 'payment_issue'] },
  { method: 'get', path: '/api/claims', summary: 'The member’s big-win claims (a draw-lottery win held above LARGE_WIN_POINTS opens one), newest first: the step, the timeline of steps done, the ticket in our custody (`ticketRef`), the operator’s claim steps and deadline for the product (`operatorTerms`, `confirmed: false` where it is our configuration) and `claimBy`', auth: 'member', response: z.record(z.string(), z.unknown()), errors: [] },
  { method: 'get', path: '/api/claims/{id}', summary: 'One of the member’s claims (another member’s answers `not_found`, as one that does not exist)', auth: 'member', response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found'] },
  { method: 'post', path: '/api/claims/{id}/documents', summary: 'Send a document for one of the member’s claims, as multipart/form-data: one part `document` (JPEG, PNG, WebP or PDF, recognised by its bytes, at most KYC_MAX_BYTES). Only while the claim is at `win_confirmed` or `documents_requested` (`claim_documents_closed`), at most 10 a claim (`claim_documents_limit`); another member’s claim is `not_found`. Sending does not move the claim: staff record `documents_received` after looking. Answers the document (name, type, size, when); the files are deleted KYC_FILE_RETENTION_DAYS after the account closes', auth: 'member', status: 201, response: z.record(z.string(), z.unknown()), errors: ['validation_failed', 'not_found', 'upload_invalid', 'claim_documents_closed', 'claim_documents_limit'] },
  { method: 'get', path: '/api/claims/{id}/documents/{documentId}', summary: 'One document the member sent for their own claim (an attachment, sandboxed); another member’s, or one deleted after closure, is `not_found`', auth: 'member', errors: ['validation_failed', 'not_found'] },
  { method: 'get', path: '/api/admin/claims', summary: 'Open big-win claims (not yet credited), or those at one `step`, oldest first, with the member and the documents they sent (`documents`, each with its staff `url`)', auth: 'operator', query: claimsQuery, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/claims/{id}/documents/{documentId}', summary: 'A claim document, for staff (an attachment, sandboxed)', auth: 'operator', errors: ['forbidden', 'validation_failed', 'not_found'] },
  { method: 'post', path: '/api/admin/claims/{id}/step', summary: 'Record a claim’s next step (documents_requested → documents_received → ticket_presented → prize_received), once: any other step, or the second of two racing clicks, is `claim_step`; never on one’s own claim (`own_account`); audited (`claim.step`); the member’s inbox tells the step. The last step, `credited`, is the large-win release (POST /api/admin/large-wins/{orderId}/release), refused to the supervisor who recorded `prize_received` (`approval_required`)', auth: 'operator', body: claimStepBody, response: z.record(z.string(), z.unknown()), errors: ['forbidden', 'validation_failed', 'not_found', 'own_account', 'claim_step'] },
  { method: 'get', path: '/api/products', summary: 'Products on sale, with rules (unconfirmed facts named in rules.unconfirmed): keno first, then the draw lotteries (family `draw`, with availability, next draw and jackpot)', response: z.array(z.union([productSummarySchema, drawProductSummarySchema])), errors: [] },
  { method: 'get', path: '/api/products/{code}', summary: 'One product with its full rules and prize table (a draw lottery: as GET /api/draw-products/{code})', response: z.union([productDetailSchema, drawProductDetailSchema]), errors: ['product_not_found'] },
  { method: 'get', path: '/api/products/{code}/draws', summary: 'Draws of a product: open (on sale), closed (awaiting result), drawn (newest first); the seed appears only once drawn', query: drawsQuery, response: drawList, errors: ['product_not_found', 'validation_failed'] },
  { method: 'get', path: '/api/results/{code}', summary: 'Drawn issues with results, seed hash and revealed seed, newest first', query: resultsQuery, response: resultsPage, errors: ['product_not_found', 'validation_failed'] },
  { method: 'get', path: '/api/keno/{code}/clock', summary: 'The game clock: phase, issue, deadlines, server time and last result', response: clockSnapshotSchema, errors: ['product_not_found'] },
  { method: 'post', path: '/api/orders/quote', summary: 'Price a keno, football (HKS01) or draw-lottery order without placing it (a draw lottery also answers the draws it would buy, the GP per draw and what each division would pay if all picked numbers hit): units, bets, stake, fee, max prize (local amounts), total and `maxPrizePoints` (GP hundredths) and the two `rates` used (price: GP per local unit, service fee included; prize: the market rate prizes are credited at); football prices are checked against the current odds', auth: 'member', body: orderBody, response: z.union([quoteResponse, drawQuoteResponse]), errors: ['validation_failed', 'product_not_found', 'product_not_on_sale', 'selection_exceeds_pick_count', 'below_minimum_purchase', 'exceeds_max_prize', 'odds_changed', 'sales_closed', 'trial_not_offered'] },
  { method: 'post', path: '/api/orders', summary: 'Place a keno, football (HKS01) or draw-lottery order (a draw lottery for `draws` consecutive draws: one order each, all paid in one transaction, answered as `orders`): debits the wallet (keno trial → trial account) and queues the purchase; pushes `order` and `balance`. Football: `odds_changed` when a price moved (a better one is taken with `acceptBetterOdds`); `trial: true` is refused with `trial_not_offered` (trial points pay for keno and the draw lotteries only)', auth: 'member', idempotent: true, body: orderBody, response: orderResponse.extend({ orders: z.array(orderSchema).optional() }), status: 201, errors: ['validation_failed', 'idempotency_key_required', 'product_not_found', 'product_not_on_sale', 'selection_exceeds_pick_count', 'below_minimum_purchase', 'exceeds_max_prize', 'odds_changed', 'sales_closed', 'trial_not_offered', 'insufficient_points', 'wallet_debt', 'order_failed', 'timed_out', 'self_excluded', 'birth_date_required', 'limit_reached', 'reality_check_due'] },
  { method: 'get', path: '/api/orders', summary: "The member's orders, newest first, filtered by status and product", auth: 'member', query: ordersQuery, response: ordersPage, errors: ['validation_failed'] },
  { method: 'get', path: '/api/orders/{id}', summary: 'One of the member’s orders with its status history', auth: 'member', response: orderResponse, errors: ['order_not_found'] },
  { method: 'get', path: '/api/admin/orders', summary: 'Order search for staff (issue 31): by product, draw (`drawId` with its `productCode`), football event, status (`status=0,1`), day placed (`from`/`to`: days in REPORT_TIME_ZONE, `to` included, or instants), member, or `q` (digits: an order number; else any part of the member\'s email or name). Keyset pages, newest first: `nextBefore` is the next page\'s `before`; `limit` at most 100. A product, draw or range that cannot be answers 422 `validation_failed` with the field', auth: 'operator', query: adminOrdersQuery, response: adminOrdersPage, errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/orders/{id}', summary: 'One order for staff: as its member sees it, whose it is, and its whole timeline oldest first — the status history the member sees, staff actions with who took them (names), ledger postings and back-office flags', auth: 'operator', response: adminOrderDetail, errors: ['order_not_found'] },
  { method: 'get', path: '/api/admin/reports/daily', summary: 'Daily report (`from` to `to`, at most 92 days, counted in REPORT_TIME_ZONE): per day and product, orders placed with real points, stake and fees in the product\'s money, GP charged, GP refunded, prizes credited; deposits paid per method and currency; PINs redeemed; adjustments. `format=csv`: the same as text/csv, GP with two decimals', auth: 'operator', query: dailyReportQuery, response: dailyReportSchema, errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/reports/reconciliation', summary: 'Reconciliation of a day (REPORT_TIME_ZONE) against the ledger: ledger total = sum of balances (now); deposits paid = deposit credits; orders charged − refunds = order debits − refund credits; prizes settled = prizes credited; PINs redeemed and adjustments applied = their postings; every mismatch with its cause and what it refers to. A day not begun is `validation_failed`. `format=csv`: the same as text/csv, GP with two decimals', auth: 'operator', query: reconciliationQuery, response: reconciliationSchema, errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/admin/reports/reconciliation/runs', summary: 'Supervisors only: reconcile a finished day again and record it (as the nightly job does): mismatches no longer found leave the order queue, new ones join it; audited', auth: 'operator', body: z.object({ date: calendarDay }), response: reconciliationSchema, errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/admin/order-flags', summary: 'Orders the back office must look at: tickets bought after a refund, purchases whose outcome the gateway could not tell', auth: 'operator', response: orderFlagList, errors: [] },
  { method: 'post', path: '/api/admin/orders/{id}/confirm', summary: 'Manual purchase gateway: confirm the ticket was bought (0/1 → 2); `order_issue` once the order timed out', auth: 'operator', body: confirmOrderBody, response: orderResponse, errors: ['validation_failed', 'order_not_found', 'order_issue'] },
  { method: 'get', path: '/api/admin/results', summary: 'Four eyes: draws and events waiting for a manual result (keno, football, draw lotteries), with where your entry stands; others\' entries only once you have entered yours', auth: 'operator', response: z.object({ items: z.array(pendingResultSchema) }), errors: ['forbidden'] },
  { method: 'post', path: '/api/admin/results', summary: 'Four eyes: enter a result (`keno_draw` numbers, `football_event` score or void, `lottery_draw` zones/extra/multiplier); published only when a second staff member\'s entry matches (`state`: waiting_second, mismatch, published). Of matching entries sent at once exactly one answers `published` (and is audited as the publisher); the others answer 409 `result_exists`. There is no single-entry result route', auth: 'operator', body: resultEntryBody, response: resultEntryResponse, errors: ['forbidden', 'validation_failed', 'not_found', 'result_exists'] },
  { method: 'get', path: '/api/admin/result-feeds', summary: 'Result feeds (docs/result-feeds.md): per product, its sources with their last fetch and answer, why it has none (four-eyes entry stays), its last result, its lag, its state (`ok`, `late`, `failing`, `disagree`), draws waiting for a second source or a staff confirmation, and open conflicts', auth: 'operator', response: resultFeedsResponse, errors: ['forbidden'] },
  { method: 'post', path: '/api/admin/result-feeds/confirm', summary: 'One staff member confirms the only source\'s reading of a due draw (one source plus one person, where only one source has answered); published through the same path as four-eyes entry. `validation_failed` when no such reading, or more than one source answered; 409 `result_exists` when the draw has its result', auth: 'operator', body: feedConfirmBody, response: z.object({ state: z.literal('published') }), errors: ['forbidden', 'validation_failed', 'not_found', 'result_exists'] },
  { method: 'post', path: '/api/admin/result-feeds/conflicts/{id}/resolve', summary: 'Supervisors only: resolve a feed conflict, keeping the published result (never re-settled); once none of the draw\'s conflicts is open its settlement goes on. 409 `result_exists` when already resolved', auth: 'operator', body: feedConflictResolveBody, response: z.object({ released: z.boolean() }), errors: ['forbidden', 'validation_failed', 'not_found', 'result_exists'] },
  { method: 'get', path: '/api/admin/draws', summary: 'Keno and draw-lottery draws whose sales opened, newest first (25 a page), of one product when given: sales (GP hundredths), orders by status, result and who published it (feed sources), held settlement, settled / to settle, pool amounts and jackpot', auth: 'operator', query: adminDrawsQuery, response: adminDrawsResponse, errors: ['forbidden', 'validation_failed'] },
  { method: 'get', path: '/api/football/events', summary: 'Football events (default: open and closed, by kick-off) with every market and its prices as decimal strings; `names` gives the league and teams in other languages where the source has them (HKJC and the simulated leagues: Chinese)', query: footballEventsQuery, response: z.array(footballEventSchema), errors: ['validation_failed'] },
  { method: 'get', path: '/api/football/events/{id}', summary: 'One football event: markets, analysis (last five of each team, HAD probabilities without the margin) and recent odds history (oldest first)', query: footballEventDetailQuery, response: footballEventDetailSchema, errors: ['validation_failed', 'not_found'] },
  { method: 'get', path: '/api/football/results', summary: 'Finished football events (resulted or void), newest first, with the winning and refunded selections of every market', query: footballResultsQuery, response: footballResultsPage, errors: ['validation_failed'] },
  { method: 'get', path: '/api/football/standings', summary: 'League tables from our own results: played, won, drawn, lost, goals, points (3/1/0) and last-five form; `names` of the league and each team in other languages where the source has them', response: standingsSchema, errors: [] },
  { method: 'get', path: '/api/draw-products/{code}', summary: 'A draw lottery: zones, division table with exact odds, plays, add-ons, multi-draw limit, calendar in its time zone, numbering, on-sale state, jackpot and the next draws', response: drawProductDetailSchema, errors: ['product_not_found'] },
  { method: 'get', path: '/api/draw-products/{code}/draws', summary: 'Draws of a draw lottery: open (on sale), upcoming (not closed, soonest first), closed (awaiting result), drawn (newest first, with divisions: amounts, winners, ours); the seed appears only once drawn', query: lotteryDrawsQuery, response: z.array(lotteryDrawSchema), errors: ['product_not_found', 'validation_failed'] },
  { method: 'get', path: '/api/draw-products/{code}/results', summary: 'Drawn draws of a draw lottery, newest first, with numbers, divisions, winners, amounts and jackpot', query: lotteryResultsQuery, response: lotteryResultsPage, errors: ['product_not_found', 'validation_failed'] },
  { method: 'get', path: '/api/draw-products/{code}/stats', summary: 'Number statistics of the last `draws` results: frequency, draws since last seen, common pairs, odd/even and high/low splits per draw', query: drawStatsQuery, response: drawStatsSchema, errors: ['product_not_found', 'validation_failed'] },
  { method: 'post', path: '/api/admin/draw-products/{code}/draws/{id}/prizes', summary: 'One staff member\'s entry of the pool amounts (per unit, minor units) and official winner counts of a drawn draw, with four eyes: `waiting_second` until a different staff member enters the same figures, then `published` once (pending pool wins are then credited; `draw` as it now reads); other figures are a `mismatch` showing both entries. An amount on record never changes (409 `result_exists`, `details.divisions`), and an entry that adds no amount is `result_exists` too', auth: 'operator', body: drawPrizesBody, response: drawFigureEntryResponse, errors: ['validation_failed', 'product_not_found', 'not_found', 'result_exists'] },
  { method: 'post', path: '/api/admin/draw-products/{code}/draws/{id}/jackpot', summary: 'One staff member\'s entry of the jackpot / estimated first prize of a draw not yet drawn (minor units), with four eyes: set (and pushed as `jackpot` on `draws:<code>`) when a different staff member enters the same amount; `waiting_second` / `mismatch` as for pool amounts', auth: 'operator', body: drawJackpotBody, response: drawFigureEntryResponse, errors: ['validation_failed', 'product_not_found', 'not_found', 'result_exists'] },
  { method: 'get', path: '/api/admin/large-wins', summary: 'Draw-lottery credits held above LARGE_WIN_POINTS for the back office, oldest first', auth: 'operator', response: z.object({ items: z.array(largeWinSchema) }), errors: [] },
  { method: 'post', path: '/api/admin/large-wins/{orderId}/release', summary: 'Supervisors only: credit a held large win, once (`order_not_found` when nothing is held); never one\'s own (`own_account`); the order\'s big-win claim becomes `credited`, refused to the supervisor who recorded its prize as received (`approval_required`)', auth: 'operator', response: z.object({ orderId: z.string(), points: z.number().int() }), errors: ['forbidden', 'order_not_found', 'validation_failed', 'own_account', 'approval_required'] },
];

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** A request body's schema; a union of object bodies (keno | football orders) is still an object. */
function bodySchema(schema: z.ZodType) {
  const json = jsonSchema(schema, 'input') as { type?: string; anyOf?: Array<{ type?: string }> };
  return json.anyOf?.every((option) => option.type === 'object') ? { type: 'object', ...json } : json;
}

/** The statuses a code is answered with (`order_failed`: 503, or 500). */
export function statusesOf(code: ErrorCode): string[] {
  const entry: { status: number; alsoStatus?: number } = ERROR_CATALOGUE[code];
  return [entry.status, ...(entry.alsoStatus ? [entry.alsoStatus] : [])].map(String);
}

/**
 * Every error a route can answer: its own, plus what its auth and Idempotency-Key imply. A route
 * behind a login reads its session from the database, so it answers `service_unavailable` (503,
 * with Retry-After) while the database is out of reach.
 */
function errorsOf(op: Operation): ErrorCode[] {
  const implied: ErrorCode[] = [
    ...(op.auth ? (['unauthorized', 'session_expired', 'token_invalid', 'service_unavailable'] as const) : []),
    ...(op.auth === 'operator' ? (['forbidden'] as const) : []),
    ...(op.idempotent ? (['validation_failed', 'idempotency_key_reused'] as const) : []),
    ...(op.path.startsWith('/api/') && op.path.includes('{id}') ? (['validation_failed'] as const) : []),
  ];
  return [...new Set([...implied, ...op.errors])];
}

function queryParameters(query: Operation['query']) {
  if (!query) return [];
  if (query instanceof z.ZodType) {
    const schema = jsonSchema(query, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      schema: property,
    }));
  }
  return Object.entries(query).map(([name, description]) => ({ name, in: 'query', description, schema: { type: 'integer' } }));
}

/** Where the payments sandbox's routes are: its own server (PAYMENTS=sandbox), not the site. */
const PAYMENTS_SANDBOX_SERVER = {
  url: '{sandbox}',
  description: 'The local payments sandbox (PAYMENTS=sandbox): its own HTTP server, logged at start as "payments sandbox started"',
  variables: { sandbox: { default: 'http://localhost:PAYMENTS_SANDBOX_PORT', description: 'Its origin: PAYMENTS_SANDBOX_PORT, or a free port when that is 0' } },
};

export function buildOpenApiDocument() {
  const errorBody = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
          message: { type: 'string' },
          fields: { type: 'object', additionalProperties: { type: 'string', enum: [...FIELD_CODES] } },
          details: { type: 'object' },
        },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of [...OPERATIONS, ...EDGE_OPERATIONS]) {
    const success = String(op.status ?? 200);
    const responses: Record<string, unknown> = {
      [success]: op.response
        ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } }
        : op.responseType
          ? { description: 'OK', content: { [op.responseType]: {} } }
          : { description: op.status === 303 ? 'See Other (a redirect)' : 'No content' },
    };
    for (const code of errorsOf(op)) {
      for (const status of statusesOf(code)) {
        const existing = responses[status] as { description: string } | undefined;
        responses[status] = {
          description: existing ? `${existing.description}, ${code}` : code,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
    }
    const parameters = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
        name === 'id' && op.path.startsWith('/api/')
          ? { name, in: 'path', required: true, description: ID_PARAMETER_RULE, schema: { type: 'string', pattern: ID_PATTERN } }
          : { name, in: 'path', required: true, schema: { type: 'string' } },
      ),
      ...queryParameters(op.query),
      ...(op.idempotent ? [{ name: 'Idempotency-Key', in: 'header', description: 'Repeats return the first result', schema: { type: 'string', maxLength: 100 } }] : []),
    ];
    const requestBody = op.body
      ? { required: true, content: { 'application/json': { schema: bodySchema(op.body) } } }
      : op.requestType
        ? { required: true, content: { [op.requestType]: {} } }
        : undefined;
    paths[op.path] = {
      ...paths[op.path],
      ...(op.server === 'payments-sandbox' ? { servers: [PAYMENTS_SANDBOX_SERVER] } : {}),
      [op.method]: {
        summary: op.summary,
        ...(op.audience ? { tags: [AUDIENCE_TAGS[op.audience].name] } : {}),
        ...(op.audience === 'sandbox' ? { 'x-internal': true } : {}),
        ...(op.mount ? { 'x-mount': true } : {}),
        // A bearer token (API clients), or the browser's session cookie with its CSRF token on state-changing requests.
        ...(op.auth ? { security: [{ bearer: [] }, { session: [] }], 'x-role': op.auth } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'GPoints proxy-purchase API',
      version: '1.0.0',
      description:
        'Generated from the zod schemas in common/; the contract in words is docs/api.md. Routes without a tag are the JSON API under /api; tagged routes are the rest of what the server answers (payment providers, the web app, Socket.IO, the job board) and, marked `x-internal`, the local sandboxes.',
    },
    tags: Object.values(AUDIENCE_TAGS),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        session: { type: 'apiKey', in: 'cookie', name: 'gp_session', description: SESSION_COOKIE_RULE },
      },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
