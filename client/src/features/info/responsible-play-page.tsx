import { InfoPage, InfoSection } from './info-page.tsx';

/** `/responsible-play` (issue 32): the member's limits, breaks, self-exclusion and the age rule, in their language; linked from the footer. */
export function ResponsiblePlayPage() {
  return (
    <InfoPage title="info.play.title">
      <InfoSection title="info.play.limits.title" body="info.play.limits.body" />
      <InfoSection title="info.play.breaks.title" body="info.play.breaks.body" />
      <InfoSection title="info.play.exclusion.title" body="info.play.exclusion.body" />
      <InfoSection title="info.play.age.title" body="info.play.age.body" />
      <InfoSection title="info.play.help.title" body="info.play.help.body" />
    </InfoPage>
  );
}
