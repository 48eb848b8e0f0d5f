import type { AuditEntry } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useConsole } from './staff-session.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';
import { Moment } from '../../shared/time/moment.tsx';

const brief = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log (supervisors): every staff action, newest first, filtered by action or target. Read only. */
export function AuditPage() {
  const { http } = useConsole();
  const [action, setAction] = useState('');
  const [targetId, setTargetId] = useState('');
  const params = new URLSearchParams();
  if (action) params.set('action', action);
  if (targetId) params.set('targetId', targetId);
  const log = useQuery({ queryKey: ['admin', 'audit', action, targetId], queryFn: () => http.get<{ items: AuditEntry[] }>(`/api/admin/audit?${params.toString()}`) });
  return (
    <section aria-labelledby="admin-audit-title">
      <h1 id="admin-audit-title"><FormattedMessage id="admin.audit.title" /></h1>
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.audit.action" /></span>
          <input className="field__input" value={action} onChange={(e) => setAction(e.target.value.trim())} placeholder="order.confirmed" />
        </label>
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.audit.target" /></span>
          <input className="field__input" value={targetId} onChange={(e) => setTargetId(e.target.value.trim())} />
        </label>
      </div>
      <TableWrap>
        <table className="table admin-table" data-testid="audit-table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="admin.audit.when" /></th>
              <th scope="col"><FormattedMessage id="admin.audit.who" /></th>
              <th scope="col"><FormattedMessage id="admin.audit.action" /></th>
              <th scope="col"><FormattedMessage id="admin.audit.target" /></th>
              <th scope="col"><FormattedMessage id="admin.audit.change" /></th>
              <th scope="col"><FormattedMessage id="admin.audit.from" /></th>
            </tr>
          </thead>
          <tbody>
            {log.data?.items.map((entry) => (
              <tr key={entry.id}>
                <td><Moment value={entry.at} length="short" seconds /></td>
                <td title={entry.actorId ? `#${entry.actorId}` : undefined}>{entry.actorId ? entry.actorName || '—' : '—'} <span className="muted">{entry.actorRole}</span></td>
                <td className="mono">{entry.action}</td>
                <td className="mono">{entry.targetType} {entry.targetId}</td>
                <td className="mono admin-change" lang="en">{brief(entry.before)}{entry.before !== null && entry.after !== null ? ' → ' : ''}{brief(entry.after)}</td>
                <td className="mono">{entry.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}
