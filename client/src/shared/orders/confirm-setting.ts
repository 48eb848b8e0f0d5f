import { atomWithStorage } from 'jotai/utils';
import { rawStringStorage } from '../storage/local-storage.ts';

/**
 * Whether Buy first shows a confirm step (the GP total and the balance after) before points are
 * spent. On by default; a member may turn it off in the wallet's settings. Kept on this device
 * (`localStorage['confirm-purchases']`: `on` or `off`).
 */
export type ConfirmSetting = 'on' | 'off';
const isSetting = (value: string): value is ConfirmSetting => value === 'on' || value === 'off';
export const confirmPurchasesAtom = atomWithStorage<ConfirmSetting>('confirm-purchases', 'on', rawStringStorage(isSetting), { getOnInit: true });
