import { useDebouncedCallback } from '@mantine/hooks';
import { PLACEHOLDER_RESIZE_DEBOUNCE_MS } from '@paddock/domain';
import { useCallback, useEffect, useState } from 'react';
import { placeholderListHeight } from '../placeholder.ts';

/**
 * The height a list fills down to the window's bottom (§2), measured when the list mounts and
 * again 300 ms after the window stops resizing (§9). Returns the element setter (pass it as the
 * list's ref) and the height, null until measured.
 */
export function useListHeight(): [(element: HTMLElement | null) => void, number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  const measure = useCallback(() => {
    if (!element) return;
    setHeight(placeholderListHeight(window.innerHeight, element.getBoundingClientRect().top));
  }, [element]);
  const remeasure = useDebouncedCallback(measure, PLACEHOLDER_RESIZE_DEBOUNCE_MS);

  useEffect(() => {
    if (!element) return;
    const frame = window.requestAnimationFrame(measure);
    window.addEventListener('resize', remeasure);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('resize', remeasure);
    };
  }, [element, measure, remeasure]);

  return [setElement, height];
}
