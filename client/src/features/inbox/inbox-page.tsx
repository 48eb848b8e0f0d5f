import './inbox.css';
import { formatPoints } from '@gp/common/money';
import { isSameSitePath } from '@gp/common/same-site-path';
import { CLAIM_STEPS, type ClaimStep, type InboxMessage, type InboxPage as Page } from '@gp/common';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { INBOX_UNREAD_KEY } from '../../shared/account/inbox-badge.tsx';
import { useHttp } from '../../shared/api/services.tsx';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Moment } from '../../shared/time/moment.tsx';

const PAGE_SIZE = 20;
const isClaimStep = (step: unknown): step is ClaimStep => (CLAIM_STEPS as readonly unknown[]).includes(step);

const WITHDRAWAL_STEPS = ['requested', 'approved', 'paid', 'rejected', 'cancelled', 'returned', 'bank_returned'] as const;

/** A withdrawal message's sentence: one per step (server/src/withdrawals/messages.ts); a refund's approval and payment say where the money goes. */
function withdrawalText(params: InboxMessage['params']): MessageId {
  const step = WITHDRAWAL_STEPS.find((s) => s === params.step) ?? 'requested';
  if (params.rail === 'stripe_refund' && (step === 'approved' || step === 'paid')) return `inbox.text.withdrawal_refund_${step}`;
  return `inbox.text.withdrawal_${step}`;
}

/**
 * A refund's sentence by its cause: a worker's refusal with their words, or sales closed before the
 * purchase; a message older than causes keeps its first wording.
 */
function refundText(params: InboxMessage['params']): MessageId {
  if (typeof params.points !== 'number') return 'inbox.text.order_refunded';
  return params.cause === 'purchase_failed' ? 'inbox.text.order_refused' : 'inbox.text.order_expired';
}

/** The text of a message: its kind's sentence with its numbers (a notice carries its own words). */
function MessageText({ message }: { message: InboxMessage }) {
  const intl = useIntl();
  const { params } = message;
  if (message.kind === 'notice') {
    return (
      <>
        <strong className="inbox-item__title">{String(params.title ?? '')}</strong>
        <p className="inbox-item__body">{String(params.body ?? '')}</p>
      </>
    );
  }
  const values = {
    order: String(params.orderId ?? ''),
    amount: typeof params.prize === 'number' ? formatPoints(params.prize, intl.locale) : '',
    deposit: typeof params.amount === 'number' ? formatPoints(params.amount, intl.locale) : '',
    withdrawal: String(params.withdrawalId ?? ''),
    payout: typeof params.payout === 'number' && typeof params.currency === 'string' ? formatLocalMoney(params.payout, params.currency, intl.locale) : '',
    reference: String(params.reference ?? ''),
    reason: String(params.reason ?? ''),
    step: message.kind === 'claim_step' && isClaimStep(params.step) ? intl.formatMessage({ id: `claims.step.${params.step}` }) : '',
    refunded: typeof params.points === 'number' ? formatPoints(params.points, intl.locale) : '',
  };
  const id: MessageId =
    message.kind === 'withdrawal'
      ? withdrawalText(params)
      : message.kind === 'draw_result'
      ? params.won
        ? 'inbox.text.won'
        : 'inbox.text.lost'
      : message.kind === 'win_review' && params.released
        ? 'inbox.text.win_released'
        : message.kind === 'order_refunded'
          ? refundText(params)
          : `inbox.text.${message.kind}`;
  return (
    <>
      <strong className="inbox-item__title">
        <FormattedMessage id={`inbox.kind.${message.kind}`} />
      </strong>
      <p className="inbox-item__body">
        <FormattedMessage id={id} values={values} />
      </p>
    </>
  );
}

/** `/inbox`: what happened to the member, newest first, with paging, read/unread and delete. */
export function InboxPage() {
  usePageTitle('inbox.title');
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useInfiniteQuery({
    queryKey: ['inbox', 'list', unreadOnly],
    queryFn: ({ pageParam }) =>
      http.get<Page>(`/api/inbox?limit=${PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}${unreadOnly ? '&unreadOnly=true' : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const afterChange = async (body: { unread: number }) => {
    queryClient.setQueryData(INBOX_UNREAD_KEY, body.unread);
    await queryClient.invalidateQueries({ queryKey: ['inbox', 'list'] });
  };
  const mark = useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => http.request<{ unread: number }>('PATCH', `/api/inbox/${id}`, { body: { read } }),
    onSuccess: afterChange,
    onError: (error) => notify.error(error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.request<{ unread: number }>('DELETE', `/api/inbox/${id}`),
    onSuccess: afterChange,
    onError: (error) => notify.error(error),
  });
  const readAll = useMutation({
    mutationFn: () => http.post<{ unread: number }>('/api/inbox/read-all'),
    onSuccess: afterChange,
    onError: (error) => notify.error(error),
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  return (
    <div className="container page page--narrow">
      <PageHeader title="inbox.title" lead="inbox.lead" />
      <div className="inbox-toolbar">
        <label className="inbox-toolbar__filter">
          <input type="checkbox" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} data-testid="inbox-unread-only" />
          <FormattedMessage id="inbox.unreadOnly" />
        </label>
        <span className="muted" data-testid="inbox-unread">
          <FormattedMessage id="inbox.unreadCount" values={{ count: unread }} />
        </span>
        <button type="button" className="button button--ghost button--small" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
          <FormattedMessage id="inbox.markAllRead" />
        </button>
      </div>
      {list.isPending ? (
        <p className="muted">
          <FormattedMessage id="app.loading" />
        </p>
      ) : items.length === 0 ? (
        <p className="card inbox-empty" data-testid="inbox-empty">
          <FormattedMessage id="inbox.empty" />
        </p>
      ) : (
        <ul className="inbox-list" data-testid="inbox-list">
          {items.map((message) => (
            <li key={message.id} className={`card inbox-item${message.read ? '' : ' inbox-item--unread'}`} data-testid="inbox-item" data-kind={message.kind}>
              <div className="inbox-item__main">
                <MessageText message={message} />
                <div className="inbox-item__meta muted">
                  <Moment value={message.createdAt} />
                  {message.link && isSameSitePath(message.link) && (
                    <Link to={message.link} onClick={() => !message.read && mark.mutate({ id: message.id, read: true })}>
                      <FormattedMessage id="inbox.open" />
                    </Link>
                  )}
                </div>
              </div>
              <div className="inbox-item__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => mark.mutate({ id: message.id, read: !message.read })}
                  data-testid="inbox-toggle-read"
                >
                  <FormattedMessage id={message.read ? 'inbox.markUnread' : 'inbox.markRead'} />
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => remove.mutate(message.id)} data-testid="inbox-delete">
                  <FormattedMessage id="inbox.delete" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="inbox-more"
        >
          <FormattedMessage id="inbox.more" />
        </button>
      )}
    </div>
  );
}
