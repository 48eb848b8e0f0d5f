import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { pageLoads } from './page-loads.ts';

type Phase = 'idle' | 'running' | 'done';
const FADE_MS = 400;

/**
 * Spec §2: a thin bar at the top shows at the start and the end of every navigation. It runs
 * while a page's chunk loads (page-loads.ts), and completes when the new location renders;
 * a navigation with nothing to load still gets a quick full sweep.
 */
export function ProgressBar() {
  const loading = useSyncExternalStore(pageLoads.subscribe, pageLoads.loading) > 0;
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>('idle');
  const firstLocation = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!loading) return;
    clearTimeout(timer.current);
    setPhase('running');
  }, [loading]);

  useEffect(() => {
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    clearTimeout(timer.current);
    setPhase('done');
    timer.current = setTimeout(() => setPhase('idle'), FADE_MS);
  }, [location.key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A load that ends without a new location (it failed) must not leave the bar hanging.
  useEffect(() => {
    if (loading || phase !== 'running') return;
    timer.current = setTimeout(() => setPhase('idle'), FADE_MS);
  }, [loading, phase]);

  return (
    <div className="progress-bar" data-phase={phase} aria-hidden="true">
      <div className="progress-bar__fill" />
    </div>
  );
}
