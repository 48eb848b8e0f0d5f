import { useSearchParams } from 'react-router';

/** The `?id=` of the payment and result pages (the provider sends the member back with it). */
export function useDepositId(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && /^\d{1,18}$/.test(id) ? id : null;
}
