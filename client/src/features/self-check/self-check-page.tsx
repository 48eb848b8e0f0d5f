import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { socketAtom } from '../../shared/realtime/socket-atom.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

type Verdict = { ok: boolean | null; detail: string };
type Check = 'api' | 'socket' | 'clock' | 'serviceWorker' | 'storage';
const CHECKS: readonly Check[] = ['api', 'socket', 'clock', 'serviceWorker', 'storage'];

/** The API answers /api/health, how fast, and the server's clock from its Date header. */
async function checkApi(): Promise<{ api: Verdict; clock: Verdict }> {
  const sent = Date.now();
  try {
    const res = await fetch('/api/health', { cache: 'no-store' });
    const received = Date.now();
    const serverTime = Date.parse(res.headers.get('date') ?? '');
    // The Date header has whole seconds: the offset is known to about ±1 s plus half the round trip.
    const offset = Number.isNaN(serverTime) ? null : Math.round(serverTime + 500 - (sent + received) / 2);
    return {
      api: { ok: res.ok, detail: `${res.status} · ${received - sent} ms` },
      clock: offset === null ? { ok: null, detail: '—' } : { ok: Math.abs(offset) < 5_000, detail: `${offset > 0 ? '+' : ''}${(offset / 1000).toFixed(1)} s` },
    };
  } catch (error) {
    return { api: { ok: false, detail: String(error) }, clock: { ok: null, detail: '—' } };
  }
}

function checkStorage(): Verdict {
  try {
    const key = 'gp-self-check';
    localStorage.setItem(key, '1');
    const ok = localStorage.getItem(key) === '1';
    localStorage.removeItem(key);
    return { ok, detail: ok ? 'localStorage' : 'localStorage ✗' };
  } catch (error) {
    return { ok: false, detail: String(error) };
  }
}

/** `/test`: a self-check for support — API, socket, clock offset, service worker, storage. */
export function SelfCheckPage() {
  usePageTitle('selfCheck.title');
  const intl = useIntl();
  const socket = useAtomValue(socketAtom);
  const [results, setResults] = useState<Partial<Record<Check, Verdict>>>({});
  const run = useCallback(async () => {
    setResults({});
    const { api, clock } = await checkApi();
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
    setResults({
      api,
      clock,
      socket: socket
        ? { ok: socket.connected, detail: socket.connected ? (socket.id ?? '') : intl.formatMessage({ id: 'selfCheck.disconnected' }) }
        : { ok: null, detail: intl.formatMessage({ id: 'selfCheck.guestSocket' }) },
      serviceWorker: {
        ok: Boolean(registration?.active),
        detail: registration?.active ? registration.active.state : intl.formatMessage({ id: 'selfCheck.noWorker' }),
      },
      storage: checkStorage(),
    });
  }, [socket, intl]);
  useEffect(() => {
    void run();
  }, [run]);

  return (
    <div className="container page page--narrow">
      <PageHeader title="selfCheck.title" lead="selfCheck.lead" />
      <table className="table" data-testid="self-check">
        <tbody>
          {CHECKS.map((check) => {
            const result = results[check];
            const status: MessageId = !result
              ? 'selfCheck.running'
              : result.ok === null
                ? 'selfCheck.unknown'
                : result.ok
                  ? 'selfCheck.ok'
                  : 'selfCheck.failed';
            return (
              <tr key={check} data-testid={`check-${check}`} data-ok={result ? String(result.ok) : 'pending'}>
                <th scope="row">
                  <FormattedMessage id={`selfCheck.${check}`} />
                </th>
                <td>
                  <FormattedMessage id={status} />
                </td>
                <td className="muted">{result?.detail ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <button type="button" className="button button--primary" onClick={() => void run()}>
          <FormattedMessage id="selfCheck.again" />
        </button>
      </p>
    </div>
  );
}
