import { LOADING_DOTS_INTERVAL_MS, LOADING_DOTS_STEPS, loadingDots } from '@paddock/domain';
import { useEffect, useState } from 'react';

/** §2/§9 'in progress' dots: '', '.', '..', '...' every 500 ms while `active`. */
export function useLoadingDots(active: boolean): string {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!active) return;
    // The step goes round the four (§9) rather than counting up for as long as a call takes.
    const timer = setInterval(
      () => setStep((current) => (current + 1) % LOADING_DOTS_STEPS),
      LOADING_DOTS_INTERVAL_MS,
    );
    return () => {
      clearInterval(timer);
      setStep(0);
    };
  }, [active]);
  return active ? loadingDots(step) : '';
}
