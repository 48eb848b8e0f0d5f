import { REALITY_CHECK_MINUTES, type RealityCheckView } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PLAY_STATE_KEY, usePlayState } from '../../shared/account/play-state.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { Moment } from '../../shared/time/moment.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';

/** The reality-check interval (issue 32 item 3, RTS 13): off, or one of REALITY_CHECK_MINUTES; when the next falls due. */
export function RealityCheckSetting() {
  const intl = useIntl();
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = usePlayState();
  const current = data?.realityCheck?.minutes ?? null;
  const [choice, setChoice] = useState<string>(current === null ? '' : String(current));
  useEffect(() => setChoice(current === null ? '' : String(current)), [current]);
  const save = useMutation({
    mutationFn: () => http.request<{ realityCheck: RealityCheckView }>('PUT', '/api/me/reality-check', { body: { minutes: choice === '' ? null : Number(choice) } }),
    onSuccess: async () => {
      notify.success({ id: 'realityCheck.saved' });
      await queryClient.invalidateQueries({ queryKey: PLAY_STATE_KEY });
    },
    onError: (error) => notify.error(error),
  });
  const minutes = (m: number) =>
    m >= 60 ? intl.formatNumber(m / 60, { style: 'unit', unit: 'hour', unitDisplay: 'long' }) : intl.formatNumber(m, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  const next = data?.realityCheck?.nextCheckAt;
  return (
    <form
      className="play-reality"
      data-testid="reality-check-setting"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h3>
        <FormattedMessage id="realityCheck.settingTitle" />
      </h3>
      <p className="muted">
        <FormattedMessage id="realityCheck.settingLead" />
      </p>
      <label htmlFor="reality-check-minutes">
        <FormattedMessage id="realityCheck.every" />
      </label>
      <select id="reality-check-minutes" value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="reality-check-minutes">
        <option value="">{intl.formatMessage({ id: 'realityCheck.off' })}</option>
        {REALITY_CHECK_MINUTES.map((m) => (
          <option key={m} value={String(m)}>
            {minutes(m)}
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={save.isPending} data-testid="reality-check-save">
        <FormattedMessage id="realityCheck.save" />
      </button>
      {current !== null && next && (
        <p className="muted" data-testid="reality-check-next">
          <FormattedMessage id="realityCheck.next" values={{ at: <Moment value={next} /> }} />
        </p>
      )}
    </form>
  );
}
