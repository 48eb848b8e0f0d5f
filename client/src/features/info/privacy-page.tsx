import { InfoPage, InfoSection } from './info-page.tsx';

export function PrivacyPage() {
  return (
    <InfoPage title="info.privacy.title">
      <InfoSection title="info.privacy.collect.title" body="info.privacy.collect.body" />
      <InfoSection title="info.privacy.use.title" body="info.privacy.use.body" />
      <InfoSection title="info.privacy.device.title" body="info.privacy.device.body" />
      <InfoSection title="info.privacy.rights.title" body="info.privacy.rights.body" />
    </InfoPage>
  );
}
