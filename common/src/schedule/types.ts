/**
 * When a product draws, and how its issues are numbered. Data, not code: a deployment may
 * override it (the simulated mode shortens intervals for demos and tests).
 *
 * Example — BINGO BINGO: every 5 minutes 07:05–23:55 Asia/Taipei, sales close 60 s before each
 * draw, issues numbered `115016038` (ROC year 115 + 6-digit running count within the year).
 */
export interface ScheduleSpec {
  /** IANA time zone the operator's clock runs in, e.g. `Asia/Taipei`. */
  timezone: string;
  /** Seconds between consecutive draws. */
  intervalSeconds: number;
  /**
   * The daily window of draws in the operator's local time, first and last draw inclusive
   * (`"07:05"`–`"23:55"`); `null` for a product that draws around the clock. `last` may be
   * `"24:00"` or later for a window that ends after midnight (KRB01's last draw is `"24:00"`);
   * such draws still belong to the day the window opened. Draws run every `intervalSeconds` of
   * real time from `first` up to `last`, so a DST night has more or fewer of them.
   */
  dailyWindow: { first: string; last: string } | null;
  /** Sales for an issue close this many seconds before its draw. */
  salesCloseSeconds: number;
  /** How issue numbers are formed (see `common/src/schedule/issue-number.ts`). */
  issueFormat: IssueFormat;
  /** Which facts are confirmed by the operator and which are researched guesses (shown in the product). */
  confidence: 'confirmed' | 'unconfirmed';
  /** Where the facts come from, in a sentence. */
  source: string;
  /**
   * Which facts above the reference does not confirm (e.g. `['salesCloseSeconds']`), so the
   * product can label exactly those. Absent: nothing singled out beyond `confidence`.
   */
  unconfirmed?: readonly ScheduleFact[];
}

/** A fact of a schedule that the reference may not confirm. */
export type ScheduleFact = 'timezone' | 'intervalSeconds' | 'dailyWindow' | 'salesCloseSeconds' | 'issueAnchor';

export type IssueFormat =
  /** 3-digit ROC year + 6-digit running count of draws within the calendar year (Taiwan). */
  | { kind: 'roc-year-running' }
  /**
   * A global running number, counted from a known anchor draw (Canada, Korea). `drawAt` is an
   * ISO-8601 instant with its offset (`"2026-03-01T21:15:00+09:00"`) and must be a draw of the schedule.
   */
  | { kind: 'global-sequence'; anchor: { issue: number; drawAt: string } };
