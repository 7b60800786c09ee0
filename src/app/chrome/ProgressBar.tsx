import { useEffect, useState } from 'react';
import { useStore } from '../session/createStore.ts';
import { progress } from '../session/progress.ts';

/**
 * Spec §9: orange, shown after a 200 ms throttle, runs 3000 ms, marked failed on a failed request.
 * A visual cue only (its width is a guess, not a measure): hidden from assistive technology,
 * which hears the loading overlay's status and the toasts instead.
 */
const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_DURATION_MS = 3000;

export function ProgressBar() {
  const { active, failed } = useStore(progress, (s) => s);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) {
      const t = setTimeout(() => setVisible(false), failed ? 1200 : 250);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => setVisible(true), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(t);
  }, [active, failed]);
  return (
    <div
      className={`progress-bar${visible ? ' progress-visible' : ''}${active ? ' progress-running' : ' progress-done'}${failed ? ' progress-failed' : ''}`}
      style={{ ['--progress-duration' as string]: `${PROGRESS_DURATION_MS}ms` }}
      aria-hidden
      data-state={failed ? 'failed' : active ? 'running' : 'idle'}
    />
  );
}
