import { FormattedMessage } from 'react-intl';
import { useSite } from '../../shared/site/site-query.ts';
import { InfoPage } from './info-page.tsx';

const PARAGRAPHS = ['info.company.p1', 'info.company.p2', 'info.company.p3', 'info.company.p4'] as const;

export function CompanyPage() {
  const { brand } = useSite();
  return (
    <InfoPage title="info.company.title">
      {PARAGRAPHS.map((id) => (
        <p key={id}>
          <FormattedMessage id={id} values={{ brand }} />
        </p>
      ))}
    </InfoPage>
  );
}
