/**
 * Every web test file's setup. The suite runs beside the end-to-end stack at a lower priority
 * (scripts/test.sh), where a lazy chunk (the maps' Leaflet, the charts' uPlot) can take more than
 * Testing Library's default second to load, and more than 10 s in a CI run that loads the machine
 * tenfold: `findBy…` and `waitFor` wait up to 30 s, a bound that costs a passing test nothing. A
 * test that expects something to stay absent still says so with its own, shorter wait.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 30_000 });

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup());
