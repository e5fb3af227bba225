import { act, cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../../testing/test-i18n.ts';
import { HomeLoadingPlaceholder } from './home-loading-placeholder.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function progress(): string | null {
  return document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null;
}

describe('§2 home loading placeholder', () => {
  it('advances the progress bar by 10 every 400 ms and starts again after 100', () => {
    render(
      <I18nextProvider i18n={testI18n}>
        <MantineProvider>
          <HomeLoadingPlaceholder />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(progress()).toBe('0');
    act(() => vi.advanceTimersByTime(400));
    expect(progress()).toBe('10');
    act(() => vi.advanceTimersByTime(400 * 9));
    expect(progress()).toBe('100');
    act(() => vi.advanceTimersByTime(400));
    expect(progress()).toBe('0');
  });

  it('ticks every 500 ms on the other screen', () => {
    render(
      <I18nextProvider i18n={testI18n}>
        <MantineProvider>
          <HomeLoadingPlaceholder intervalMs={500} />
        </MantineProvider>
      </I18nextProvider>,
    );
    act(() => vi.advanceTimersByTime(400));
    expect(progress()).toBe('0');
    act(() => vi.advanceTimersByTime(100));
    expect(progress()).toBe('10');
  });

  it('sizes the list to the window and re-measures 300 ms after a resize', () => {
    const { container } = render(
      <I18nextProvider i18n={testI18n}>
        <MantineProvider>
          <HomeLoadingPlaceholder />
        </MantineProvider>
      </I18nextProvider>,
    );
    const list = container.querySelector('[aria-busy] > div:last-child') as HTMLElement;
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: 200 } as DOMRect);
    act(() => vi.advanceTimersByTime(20));
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
    window.dispatchEvent(new Event('resize'));
    act(() => vi.advanceTimersByTime(299));
    const before = list.style.height;
    act(() => vi.advanceTimersByTime(1));
    // 1000 − 200 − 24 px kept below = 776 px (48.5 rem).
    expect(list.style.height).toContain('48.5rem');
    expect(before).not.toContain('48.5rem');
  });
});
