import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useDescribeError } from './describe.ts';
import { useMemberSearch } from './members-api.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/**
 * Members: one box takes an email, a name (any part of either) or an order id. The query lives in
 * the address (`?q=`), so the browser's Back returns to the same results. Keyboard: the box has
 * the focus, Enter searches, ↓ moves into the results (↑/↓ between them), Enter opens a member.
 */
export function MembersSearchPage() {
  const describe = useDescribeError();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useMemberSearch(q);
  const listRef = useRef<HTMLTableSectionElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  }

  // ↑/↓ walk the result links; from the box, ↓ enters the list.
  function move(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-member-link]') ?? []);
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    event.preventDefault();
    if (next < 0) document.getElementById('admin-member-q')?.focus();
    else links[next]?.focus();
  }

  const items = search.data?.items ?? [];
  return (
    <section aria-labelledby="admin-members-title" onKeyDown={move}>
      <h1 id="admin-members-title"><FormattedMessage id="admin.members.title" /></h1>
      <form className="admin-panel admin-form--row" role="search" onSubmit={submit}>
        <label className="field admin-members__box">
          <span className="field__label"><FormattedMessage id="admin.members.query" /></span>
          <input id="admin-member-q" className="field__input" name="q" defaultValue={q} key={q} required maxLength={100} autoFocus autoComplete="off" />
        </label>
        <button type="submit" className="button button--primary"><FormattedMessage id="admin.members.search" /></button>
      </form>
      {search.isError && <p className="notice notice--error" role="alert">{describe(search.error)}</p>}
      {q && search.isSuccess && items.length === 0 && (
        <p className="muted" role="status"><FormattedMessage id="admin.members.none" values={{ q }} /></p>
      )}
      {items.length > 0 && (
        <TableWrap>
          <table className="table admin-table" data-testid="member-results">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col"><FormattedMessage id="admin.members.name" /></th>
                <th scope="col"><FormattedMessage id="admin.members.email" /></th>
                <th scope="col"><FormattedMessage id="admin.members.status" /></th>
                <th scope="col"><FormattedMessage id="admin.members.joined" /></th>
              </tr>
            </thead>
            <tbody ref={listRef}>
              {items.map((m) => (
                <tr key={m.id}>
                  <td className="mono">{m.id}</td>
                  <td><Link to={`/admin/members/${m.id}`} data-member-link>{m.name}</Link></td>
                  <td className="admin-members__email">{m.email}</td>
                  <td>{m.lockedAt ? <span className="admin-urgent"><FormattedMessage id="admin.members.locked" /></span> : <FormattedMessage id="admin.members.active" />}</td>
                  <td>{m.createdAt && <FormattedDate value={m.createdAt} dateStyle="medium" />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}
