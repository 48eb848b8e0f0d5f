import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { useSite } from '../../shared/site/site-query.ts';
import { LogoMark, MailIcon } from '../../shared/ui/icons.tsx';

const COLUMNS: { title: MessageId; links: { to: string; label: MessageId }[] }[] = [
  {
    title: 'footer.about',
    links: [
      { to: '/about/company', label: 'footer.company' },
      { to: '/about/privacy', label: 'footer.privacy' },
      { to: '/about/terms', label: 'footer.terms' },
      { to: '/responsible-play', label: 'footer.responsiblePlay' },
    ],
  },
  {
    title: 'footer.help',
    links: [
      { to: '/help/contact', label: 'footer.contact' },
      { to: '/help/faq', label: 'footer.faq' },
      { to: '/messaging-v1', label: 'messaging.title' },
      { to: '/services', label: 'services.title' },
      { to: '/test', label: 'selfCheck.title' },
    ],
  },
];

/** Spec §1/§2 footer: About and Help links, the legal notices, the service mailbox and copyright. */
export function SiteFooter() {
  const { brand, supportEmail } = useSite();
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="brand brand--footer">
            <LogoMark size={26} />
            <span className="brand__name">{brand}</span>
          </p>
          <p className="muted">
            <FormattedMessage id="footer.tagline" />
          </p>
          {supportEmail && (
            <p>
              <a className="footer-mail" href={`mailto:${supportEmail}`} data-testid="footer-support-email">
                <MailIcon size={16} />
                <FormattedMessage id="footer.support" values={{ email: supportEmail }} />
              </a>
            </p>
          )}
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={intl.formatMessage({ id: column.title })}>
            <h2 className="site-footer__heading">
              <FormattedMessage id={column.title} />
            </h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>
                    <FormattedMessage id={link.label} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__legal">
        <ul className="site-footer__notices">
          <li>
            <FormattedMessage id="footer.notice.company" />
          </li>
          <li>
            <FormattedMessage id="footer.notice.reference" />
          </li>
          <li>
            <FormattedMessage id="footer.notice.age" />
          </li>
        </ul>
        <p className="site-footer__copyright">
          <FormattedMessage id="footer.copyright" values={{ year: String(new Date().getFullYear()), brand }} />
        </p>
      </div>
    </footer>
  );
}
