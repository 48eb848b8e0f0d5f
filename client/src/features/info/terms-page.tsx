import { InfoPage, InfoSection } from './info-page.tsx';

export function TermsPage() {
  return (
    <InfoPage title="info.terms.title">
      <InfoSection title="info.terms.eligibility.title" body="info.terms.eligibility.body" />
      <InfoSection title="info.terms.points.title" body="info.terms.points.body" />
      <InfoSection title="info.terms.orders.title" body="info.terms.orders.body" />
      <InfoSection title="info.terms.results.title" body="info.terms.results.body" />
      <InfoSection title="info.terms.changes.title" body="info.terms.changes.body" />
    </InfoPage>
  );
}
