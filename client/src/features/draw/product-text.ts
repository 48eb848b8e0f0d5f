import type { DrawProduct, MatchRule, Zone } from '@gp/common';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';

/**
 * Words for a draw product's data in the reader's language. Common keeps English labels for the
 * operator and the logs; the screens translate by the stable keys (`zone.key`, the extra draw's
 * kind) and fall back to the English label for a key the catalogue does not know yet.
 */
const ZONE_IDS: Readonly<Record<string, MessageId>> = {
  main: 'draw.zone.main',
  white: 'draw.zone.white',
  powerball: 'draw.zone.powerball',
  megaBall: 'draw.zone.megaBall',
  stars: 'draw.zone.stars',
  first: 'draw.zone.first',
  second: 'draw.zone.second',
};

export function zoneName(intl: IntlShape, zone: Pick<Zone, 'key' | 'label'>): string {
  const id = ZONE_IDS[zone.key];
  return id ? intl.formatMessage({ id }) : zone.label;
}

/** The name of the extra numbers (Mark Six's extra number, Loto's bonus, 大樂透's special number). */
export function extraName(intl: IntlShape, product: Pick<DrawProduct, 'extra'>): string {
  const label = product.extra?.label.toLowerCase() ?? '';
  if (label.startsWith('bonus')) return intl.formatMessage({ id: 'draw.extra.bonus' });
  if (label.startsWith('special')) return intl.formatMessage({ id: 'draw.extra.special' });
  return intl.formatMessage({ id: 'draw.extra.extra' });
}

/**
 * A division's winning rule in words: Powerball "4 + Powerball", Mark Six "5 + extra number",
 * 雙贏彩 "12 or 0". Zones after the first are named; a zone matched 0 times is left out unless
 * it is the only number (Powerball only: "0 + Powerball").
 */
export function matchText(intl: IntlShape, product: Pick<DrawProduct, 'zones' | 'extra'>, rules: readonly MatchRule[]): string {
  const one = (rule: MatchRule) => {
    const parts = rule.hits.map((hits, z) => {
      if (z === 0) return String(hits);
      if (hits === 0) return null;
      const zone = product.zones[z];
      const name = zone ? zoneName(intl, zone) : '';
      return hits === 1 ? name : `${hits} ${name}`;
    });
    let text = parts.filter((p): p is string => p !== null).join(' + ');
    if (rule.extra && rule.extra.min >= 1) text = `${text} + ${rule.extra.min > 1 ? `${rule.extra.min} ` : ''}${extraName(intl, product)}`;
    return text;
  };
  return rules.map(one).join(intl.formatMessage({ id: 'draw.match.or' }));
}

/** "1st division"-style label in the reader's language, the operator's own name beside it when it differs. */
export function divisionName(intl: IntlShape, division: { id: number; localName: string; name: string }): string {
  return intl.formatMessage({ id: 'draw.division.name' }, { id: division.id });
}
