import { FormattedMessage } from 'react-intl';
import { useSite } from '../../shared/site/site-query.ts';
import { MailIcon } from '../../shared/ui/icons.tsx';
import { InfoPage } from './info-page.tsx';

export function ContactPage() {
  const { supportEmail } = useSite();
  return (
    <InfoPage title="info.contact.title">
      <p>
        <FormattedMessage id="info.contact.p1" />
      </p>
      {supportEmail ? (
        <p className="contact-mail">
          <MailIcon size={20} />
          <FormattedMessage
            id="info.contact.email"
            values={{
              email: (
                <a href={`mailto:${supportEmail}`} data-testid="contact-email">
                  {supportEmail}
                </a>
              ),
            }}
          />
        </p>
      ) : (
        <p className="notice notice--info">
          <FormattedMessage id="info.contact.emailUnavailable" />
        </p>
      )}
      <p>
        <FormattedMessage id="info.contact.p2" />
      </p>
    </InfoPage>
  );
}
