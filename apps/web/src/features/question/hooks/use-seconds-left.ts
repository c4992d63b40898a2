import { useEffect, useState } from 'react';
import { msToNextSecond, secondsLeft } from '../utils/seconds-left';

/** A countdown to `endsAt`, in whole seconds, re-rendered as each second passes; 0 once it is over. */
export function useSecondsLeft(endsAt: string, maxSeconds: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(endsAt, Date.now(), maxSeconds));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      setSeconds(secondsLeft(endsAt, now, maxSeconds));
      const wait = msToNextSecond(endsAt, now);
      if (wait > 0) timer = setTimeout(tick, wait);
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, maxSeconds]);

  return seconds;
}
