import { STATEMENT_LINES, type ClosedAccount, type ExportFormat, type Statement } from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { Points } from '../../shared/money/points.tsx';
import { authPathFor, navigateTo } from '../../shared/navigation/navigator.ts';
import { endSession } from '../../shared/session/end-session.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { saveFile } from '../../shared/ui/save-file.ts';

/** The browser's own zone: statements are cut at the member's midnights, and say which zone that was. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** This month, YYYY-MM, in the browser's zone. */
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

/** "Your data" (issue 32 item 5): everything held on the member, as one JSON document or one CSV file. */
export function YourDataSection() {
  const http = useHttp();
  const notify = useNotify();
  const download = useMutation({
    mutationFn: async (format: ExportFormat) => saveFile(`gpoints-data.${format}`, await http.blob(`/api/me/export?format=${format}`)),
    onSuccess: () => notify.success({ id: 'account.data.saved' }),
    onError: (error) => notify.error(error),
  });
  return (
    <section className="card account-card" aria-labelledby="account-data" data-testid="your-data">
      <h2 id="account-data">
        <FormattedMessage id="account.data.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="account.data.lead" />
      </p>
      <div className="account-card__actions">
        <button type="button" className="button" onClick={() => download.mutate('json')} disabled={download.isPending} data-testid="export-json">
          <FormattedMessage id="account.data.json" />
        </button>
        <button type="button" className="button" onClick={() => download.mutate('csv')} disabled={download.isPending} data-testid="export-csv">
          <FormattedMessage id="account.data.csv" />
        </button>
      </div>
    </section>
  );
}

/** "Statements": a month's deposits, stakes, prizes, refunds, withdrawals and net, on screen and as CSV. */
export function StatementsSection() {
  const http = useHttp();
  const notify = useNotify();
  const inputId = useId();
  const [month, setMonth] = useState(thisMonth);
  const zone = browserZone();
  const query = `month=${encodeURIComponent(month)}&timeZone=${encodeURIComponent(zone)}`;
  const statement = useQuery({ queryKey: ['account', 'statement', month, zone], queryFn: () => http.get<Statement>(`/api/me/statements?${query}`), enabled: /^\d{4}-\d{2}$/.test(month) });
  const csv = useMutation({
    mutationFn: async () => saveFile(`gpoints-statement-${month}.csv`, await http.blob(`/api/me/statements?${query}&format=csv`)),
    onError: (error) => notify.error(error),
  });
  const data = statement.data;
  return (
    <section className="card account-card" aria-labelledby="account-statements" data-testid="statements">
      <h2 id="account-statements">
        <FormattedMessage id="account.statements.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="account.statements.lead" values={{ zone }} />
      </p>
      <div className="field">
        <label htmlFor={inputId}>
          <FormattedMessage id="account.statements.month" />
        </label>
        <input id={inputId} type="month" value={month} onChange={(event) => setMonth(event.target.value)} data-testid="statement-month" />
      </div>
      {data && (
        <table className="table statement-table" data-testid="statement-table">
          <tbody>
            <tr>
              <th scope="row">
                <FormattedMessage id="account.statements.opening" />
              </th>
              <td>
                <Points value={data.openingBalance} />
              </td>
            </tr>
            {STATEMENT_LINES.map((line) => (
              <tr key={line} data-testid={`statement-${line}`}>
                <th scope="row">
                  <FormattedMessage id={`account.statements.line.${line}`} />
                </th>
                <td>
                  <Points value={data.lines[line]} signed />
                </td>
              </tr>
            ))}
            <tr data-testid="statement-net">
              <th scope="row">
                <FormattedMessage id="account.statements.net" />
              </th>
              <td>
                <strong>
                  <Points value={data.net} signed />
                </strong>
              </td>
            </tr>
            <tr>
              <th scope="row">
                <FormattedMessage id="account.statements.closing" />
              </th>
              <td>
                <Points value={data.closingBalance} />
              </td>
            </tr>
          </tbody>
        </table>
      )}
      {statement.isError && (
        <p className="field__error" role="alert">
          <FormattedMessage id="app.error.unknown" />
        </p>
      )}
      <button type="button" className="button" onClick={() => csv.mutate()} disabled={csv.isPending || !data} data-testid="statement-csv">
        <FormattedMessage id="account.statements.csv" />
      </button>
    </section>
  );
}

/**
 * "Close account": the balance rule is stated first; closing needs the password and a tick, and
 * then signs out everywhere (the server ends every session).
 */
export function CloseAccountSection() {
  const http = useHttp();
  const notify = useNotify();
  const store = useStore();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [ticked, setTicked] = useState(false);
  const passwordId = useId();
  const close = useMutation({
    mutationFn: () => http.post<ClosedAccount>('/api/me/close', { password, confirm: true }, { ignoreSessionRejection: true }),
    onSuccess: () => {
      endSession(store, queryClient);
      notify.success({ id: 'account.close.done' });
      navigateTo(authPathFor('/account', 'login'));
    },
    onError: (error) => notify.error(error),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password && ticked) close.mutate();
  };
  return (
    <section className="card account-card" aria-labelledby="account-close" data-testid="close-account">
      <h2 id="account-close">
        <FormattedMessage id="account.close.title" />
      </h2>
      <ul className="muted">
        <li>
          <FormattedMessage id="account.close.ruleReal" />
        </li>
        <li>
          <FormattedMessage id="account.close.ruleTrial" />
        </li>
        <li>
          <FormattedMessage id="account.close.ruleOrders" />
        </li>
        <li>
          <FormattedMessage id="account.close.ruleFiles" />
        </li>
      </ul>
      {!open ? (
        <button type="button" className="button account-close__button" onClick={() => setOpen(true)} data-testid="close-start">
          <FormattedMessage id="account.close.start" />
        </button>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={passwordId}>
              <FormattedMessage id="account.password.current" />
            </label>
            <input id={passwordId} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} data-testid="close-password" />
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} data-testid="close-confirm" />
            <FormattedMessage id="account.close.confirm" />
          </label>
          <div className="account-card__actions">
            <button type="submit" className="button account-close__button" disabled={!password || !ticked || close.isPending} data-testid="close-submit">
              <FormattedMessage id="account.close.submit" />
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              <FormattedMessage id="account.cancel" />
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
