import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the frame in which the component first rendered, then
 * true. A page renders its heavy parts (a Leaflet map: its module, layout reads and layers take
 * one long task) only once the rest is on screen, so the page's text is not held back behind
 * them: the animation frame callback runs before that paint, the task it queues after it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
