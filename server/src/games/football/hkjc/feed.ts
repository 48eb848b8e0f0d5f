/**
 * The shape of HKJC's GraphQL `matchList` answer (reference §5.1): `data.matches[]` →
 * `foPools[]` → `lines[]` → `combinations[]` → `selections[]`. Only the fields we read are typed;
 * everything is optional because a feed is input, not a promise.
 */
export interface FeedName {
  id?: string;
  name_en?: string;
  name_ch?: string;
}

export interface FeedSelection {
  selId?: string;
  str?: string;
  name_en?: string;
  name_ch?: string;
}

export interface FeedCombination {
  combId?: string;
  /** `H`, `2.5`'s `H`/`L`, `01:00`, `HO`, a player code… */
  str?: string;
  /** `AVAILABLE`, `IRRATIONAL`, `WIN`, `LOSE`, `REFUNDBEFORESUSPEND`. */
  status?: string;
  offerEarlySettlement?: string;
  /** A decimal string, `"1.88"`, `"900.0"`, `"1000"`. */
  currentOdds?: string;
  selections?: FeedSelection[];
}

export interface FeedLine {
  lineId?: string;
  /** `AVAILABLE` or `SUSPENDED`. */
  status?: string;
  /** `0.0` for pools without a line; `-0.5/-1`, `2.5`, `3.0/3.5`… */
  condition?: string;
  main?: boolean;
  combinations?: FeedCombination[];
}

export interface FeedPool {
  id?: string;
  /** `SELLINGSTARTED` while on sale; `SELLINGSTOPPED`, `SUSPENDED`, `PAYOUTSTARTED`, `REFUND`… otherwise. */
  status?: string;
  oddsType?: string;
  instNo?: number;
  inplay?: boolean;
  updateAt?: string;
  expectedSuspendDateTime?: string;
  lines?: FeedLine[];
}

export interface FeedMatch {
  /** HKJC's 8-digit match id. */
  id?: string;
  /** `FB` + 4 digits. */
  frontEndId?: string;
  matchDate?: string;
  /** ISO-8601 with +08:00. */
  kickOffTime?: string;
  /** `PREEVENT`, `FIRSTHALF`, …, `MATCHVOIDED`. */
  status?: string;
  homeTeam?: FeedName;
  awayTeam?: FeedName;
  tournament?: FeedName & { code?: string; frontEndId?: string };
  foPools?: FeedPool[];
}

export interface MatchListResponse {
  data?: { matches?: FeedMatch[] | null } | null;
  errors?: Array<{ message?: string; extensions?: { code?: string } }>;
}

/** The query we send; the field list follows reference §5.1. */
export const MATCH_LIST_QUERY = `query matchList($startIndex: Int, $endIndex: Int, $startDate: String, $endDate: String, $matchIds: [String], $tournIds: [String], $fbOddsTypes: [FBOddsType]!, $inplayOnly: Boolean, $featuredMatchesOnly: Boolean, $frontEndIds: [String], $earlySettlementOnly: Boolean, $showAllMatch: Boolean) {
  matches(startIndex: $startIndex, endIndex: $endIndex, startDate: $startDate, endDate: $endDate, matchIds: $matchIds, tournIds: $tournIds, fbOddsTypes: $fbOddsTypes, inplayOnly: $inplayOnly, featuredMatchesOnly: $featuredMatchesOnly, frontEndIds: $frontEndIds, earlySettlementOnly: $earlySettlementOnly, showAllMatch: $showAllMatch) {
    id frontEndId matchDate kickOffTime status updateAt
    homeTeam { id name_en name_ch }
    awayTeam { id name_en name_ch }
    tournament { id frontEndId code name_en name_ch }
    foPools(fbOddsTypes: $fbOddsTypes) {
      id status oddsType instNo inplay name_en name_ch updateAt expectedSuspendDateTime
      lines { lineId status condition main combinations { combId str status offerEarlySettlement currentOdds selections { selId str name_en name_ch } } }
    }
  }
}`;
