import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '../api/api-error.ts';
import { useHttp } from '../api/services.tsx';
import { orderKey } from './order-query.ts';
import './ticket-scan.css';

/**
 * The scan or photo of the ticket the back office bought for this order (`GET /api/orders/:id/ticket-scan`),
 * shown as proof of purchase as soon as it exists — before the draw. Under the order's query key,
 * so the `order` push that confirms the purchase also fetches the scan. Nothing when there is none.
 */
export function TicketScan({ orderId, status }: { orderId: string; status: number }) {
  const intl = useIntl();
  const http = useHttp();
  const scan = useQuery({
    queryKey: [...orderKey(orderId), 'scan', status],
    enabled: status === 2,
    queryFn: async ({ signal }) => {
      try {
        return await http.blob(`/api/orders/${encodeURIComponent(orderId)}/ticket-scan`, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!scan.data) return undefined;
    const objectUrl = URL.createObjectURL(scan.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [scan.data]);
  if (!scan.data || !url) return null;
  const label = intl.formatMessage({ id: 'orders.scan.title' });
  return (
    <figure className="ticket-scan" data-testid="ticket-scan">
      {scan.data.type === 'application/pdf' ? (
        <a href={url} target="_blank" rel="noreferrer" className="button button--ghost button--small">
          <FormattedMessage id="orders.scan.openPdf" />
        </a>
      ) : (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={label} className="ticket-scan__image" />
        </a>
      )}
      <figcaption className="muted">
        <FormattedMessage id="orders.scan.caption" />
      </figcaption>
    </figure>
  );
}
