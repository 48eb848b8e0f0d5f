import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

type Phase = 'idle' | 'running' | 'done';
const FADE_MS = 400;

/**
 * Spec §2: a thin bar at the top shows at the start and the end of every navigation. It runs
 * while the router loads a route (lazy chunks), and completes when the new location renders;
 * a navigation with nothing to load still gets a quick full sweep.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>('idle');
  const firstLocation = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (navigation.state === 'idle') return;
    clearTimeout(timer.current);
    setPhase('running');
  }, [navigation.state]);

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

  // A navigation that ends without a new location (blocked, failed) must not leave the bar hanging.
  useEffect(() => {
    if (navigation.state !== 'idle' || phase !== 'running') return;
    timer.current = setTimeout(() => setPhase('idle'), FADE_MS);
  }, [navigation.state, phase]);

  return (
    <div className="progress-bar" data-phase={phase} aria-hidden="true">
      <div className="progress-bar__fill" />
    </div>
  );
}
