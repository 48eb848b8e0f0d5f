import type { DrawWire, KenoCode, KenoResultWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { BeadRoad } from './bead-road.tsx';
import { NumberFrequency } from './number-frequency.tsx';
import { hotAndCold, numberFrequency, sideCounts, type RoadCell } from './roadmap.ts';
import type { SideOutcome } from './side-outcome.tsx';

type Drawn = DrawWire & { result: KenoResultWire };

/** The roadmap of the issues on screen: bead roads for big/small and odd/even, and number frequency. */
export function RoadmapPanel({ code, draws, poolSize, sideMarkets }: { code: KenoCode; draws: readonly DrawWire[]; poolSize: number; sideMarkets: boolean }) {
  const intl = useIntl();
  // The page lists newest first; a road reads oldest to newest, left to right.
  const drawn = draws.filter((draw): draw is Drawn => draw.result !== undefined).reverse();
  const results = drawn.map((draw) => draw.result);
  const road = (pick: (result: KenoResultWire) => SideOutcome): RoadCell<SideOutcome>[] => drawn.map((draw) => ({ issue: draw.issue, outcome: pick(draw.result) }));
  const counts = sideCounts(results);
  const frequency = numberFrequency(results, poolSize);
  const { hot, cold } = hotAndCold(frequency, 5);
  const product = intl.formatMessage({ id: `product.${code}` });

  return (
    <section className="card section-card roadmap" aria-labelledby="roadmap-title" data-testid="roadmap">
      <h2 id="roadmap-title">
        <FormattedMessage id="results.roadmap.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="results.roadmap.scope" values={{ count: drawn.length }} />
      </p>
      {sideMarkets ? (
        <div className="roadmap__roads">
          <BeadRoad
            title="results.roadmap.bigSmall"
            testId="road-big-small"
            cells={road((r) => r.bigSmall)}
            counts={[
              { outcome: 'big', count: counts.big },
              { outcome: 'small', count: counts.small },
              { outcome: null, count: counts.bigSmallNone },
            ]}
          />
          <BeadRoad
            title="results.roadmap.oddEven"
            testId="road-odd-even"
            cells={road((r) => r.oddEven)}
            counts={[
              { outcome: 'odd', count: counts.odd },
              { outcome: 'even', count: counts.even },
              { outcome: null, count: counts.oddEvenNone },
            ]}
          />
        </div>
      ) : (
        <p className="notice notice--info" data-testid="no-side-markets">
          <FormattedMessage id="results.roadmap.noSideMarkets" values={{ product }} />
        </p>
      )}
      <NumberFrequency frequency={frequency} hot={hot} cold={cold} />
    </section>
  );
}
