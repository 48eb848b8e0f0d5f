import type { DepositMethod, DepositStateName } from '@gp/common';
import type { MessageId } from '../i18n/message-ids.ts';

export const METHOD_LABEL: Record<DepositMethod, MessageId> = {
  card: 'deposit.method.card',
  wechat_pay: 'deposit.method.wechat',
  alipay: 'deposit.method.alipay',
  tw_card: 'deposit.method.twCard',
  cvs_barcode: 'deposit.method.store',
  jko: 'deposit.method.jko',
};

export const STATE_LABEL: Record<DepositStateName, MessageId> = {
  created: 'deposit.state.pending',
  pending: 'deposit.state.pending',
  paid: 'deposit.state.paid',
  failed: 'deposit.state.failed',
  expired: 'deposit.state.expired',
  refunded: 'deposit.state.refunded',
  held: 'deposit.state.held',
};
