import type { AmlFlag } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import { when } from './admin-format.tsx';

const points = (value: unknown) => <Points value={Number(value ?? 0)} />;

/** One AML flag as a sentence with its figures (server/src/withdrawals/aml.ts says when each rule matches). */
function FlagText({ flag }: { flag: AmlFlag }) {
  const d = flag.detail;
  switch (flag.rule) {
    case 'little_play':
      return <FormattedMessage id="admin.withdrawals.aml.little_play" values={{ deposited: points(d.deposited), staked: points(d.staked), minPercent: Number(d.minPercent) }} />;
    case 'small_deposits':
      return (
        <FormattedMessage
          id="admin.withdrawals.aml.small_deposits"
          values={{ count: Number(d.count), below: points(d.below), days: Number(d.days), deposited: points(d.deposited), withdrawal: points(d.withdrawal) }}
        />
      );
    case 'bank_changed':
      return <FormattedMessage id="admin.withdrawals.aml.bank_changed" values={{ changedAt: when(String(d.changedAt ?? '')), days: Number(d.days), previousLast4: String(d.previousLast4 ?? '') }} />;
  }
}

/**
 * A flagged withdrawal's flags and the approver's acknowledgement (issue 33 item 3): approving is
 * refused until they tick it, and a flagged withdrawal always takes two approvers.
 */
export function WithdrawalFlags({ flags, acknowledged, onAcknowledge, approvedByMe = false }: { flags: AmlFlag[]; acknowledged: boolean; onAcknowledge: (value: boolean) => void; approvedByMe?: boolean }) {
  return (
    <div className="admin-urgent" data-testid="withdrawal-flags">
      <p>
        <strong>
          <FormattedMessage id="admin.withdrawals.amlTitle" />
        </strong>
      </p>
      <ul>
        {flags.map((flag) => (
          <li key={flag.rule} data-rule={flag.rule}>
            <FlagText flag={flag} />
          </li>
        ))}
      </ul>
      {/* The box beside its words (one click target); the first approver already acknowledged, so it is not offered again. */}
      {!approvedByMe && (
        <label className="admin-acknowledge">
          <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} data-testid="withdrawal-acknowledge" />
          <FormattedMessage id="admin.withdrawals.amlAcknowledge" />
        </label>
      )}
    </div>
  );
}
