import { useIntl } from 'react-intl';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Page numbers to show: first, last and a window around the current page, with gaps as null. */
export function visiblePages(page: number, pageCount: number, around = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= pageCount; p++) {
    const show = p === 1 || p === pageCount || Math.abs(p - page) <= around;
    if (show) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** Spec §2 pagination control: every page button is named "go to page {page}". */
export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  const goTo = (p: number) => intl.formatMessage({ id: 'pagination.goTo' }, { page: p });
  const previous = intl.formatMessage({ id: 'pagination.previous' });
  const next = intl.formatMessage({ id: 'pagination.next' });
  return (
    <nav className="pagination" aria-label={intl.formatMessage({ id: 'pagination.label' })}>
      <button
        type="button"
        className="pagination__button"
        aria-label={previous}
        title={previous}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeftIcon size={16} />
      </button>
      {visiblePages(page, pageCount).map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className="pagination__button"
            aria-label={goTo(p)}
            title={goTo(p)}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__button"
        aria-label={next}
        title={next}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}
