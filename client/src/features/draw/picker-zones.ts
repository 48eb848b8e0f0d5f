import type { DrawProduct } from '@gp/common';
import type { EntryMode, PickerZone } from './picker.ts';

/**
 * The picker's view of a product's zones, from common's product data: "pick `pick` of
 * 1..`poolSize`", how far a system entry may go and how many bankers a zone takes. 39樂合彩's play
 * (二合/三合/四合) sets how many numbers its one zone picks.
 */
export function pickerZones(product: DrawProduct, playCode: string | null): PickerZone[] {
  const play = product.plays?.find((p) => p.code === playCode) ?? product.plays?.[0] ?? null;
  return product.zones.map((zone, i) => {
    const pick = i === 0 && play ? play.pick : zone.pick;
    return {
      from: 1,
      to: zone.poolSize,
      pick,
      systemMax: Math.max(pick, zone.system?.maxNumbers ?? pick),
      bankerMax: zone.bankers ? Math.min(zone.bankers.max, pick - 1) : 0,
    };
  });
}

/** The entry modes a product sells: standard always; system when a zone takes more numbers; banker when a zone takes bankers. */
export function entryModes(product: DrawProduct): EntryMode[] {
  const modes: EntryMode[] = ['standard'];
  if (product.zones.some((zone) => zone.system && zone.system.maxNumbers > zone.pick)) modes.push('system');
  if (product.zones.some((zone) => zone.bankers && zone.bankers.max > 0)) modes.push('banker');
  return modes;
}
