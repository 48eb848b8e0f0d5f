import type { ErrorCode, FieldCode } from '@gp/common';
import type zhTW from './messages/zh-TW.json';
import type { MessageId } from './message-ids.ts';

/**
 * Compile-time proofs about the catalogues (tsc fails if one breaks):
 * every API error code and field code has an English message, and zh-TW (the default
 * language) translates every English key. The other locales fall back to English per key.
 */
type Assert<T extends true> = T;
type NoneMissing<Keys> = [Keys] extends [never] ? true : false;

export type EveryErrorCodeTranslated = Assert<NoneMissing<Exclude<`error.${ErrorCode}`, MessageId>>>;
export type EveryFieldCodeTranslated = Assert<NoneMissing<Exclude<`field.${FieldCode}`, MessageId>>>;
export type ZhTwComplete = Assert<NoneMissing<Exclude<MessageId, keyof typeof zhTW>>>;
