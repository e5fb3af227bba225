import { describe, expect, it } from 'vitest';
import { buildIdOf, currentBuildId, fetchLatestBuildId, isUpdatePending } from './update-check.ts';

const html = (src: string) =>
  `<!doctype html><html><head><link rel="modulepreload" href="/assets/react-1.js">` +
  `<script type="module" crossorigin src="${src}"></script></head><body></body></html>`;

describe('update detection: the deployed entry script differs', () => {
  it('reads the entry script of an index.html', () => {
    expect(buildIdOf(html('/assets/index-AbC123.js'))).toBe('/assets/index-AbC123.js');
    expect(buildIdOf("<script src='/x.js' type='module'></script>")).toBe('/x.js');
    expect(buildIdOf('<html><script>inline()</script></html>')).toBeNull();
  });

  it('reads the entry script this page started with', () => {
    const doc = new DOMParser().parseFromString(html('/assets/index-old.js'), 'text/html');
    expect(currentBuildId(doc)).toBe('/assets/index-old.js');
  });

  it.each([
    ['/assets/index-a.js', '/assets/index-b.js', true],
    ['/assets/index-a.js', '/assets/index-a.js', false],
    [null, '/assets/index-b.js', false],
    ['/assets/index-a.js', null, false],
  ])('%s then %s → pending %s', (current, latest, pending) => {
    expect(isUpdatePending(current, latest)).toBe(pending);
  });

  it('fetches index.html without the cache; a failed answer is no news', async () => {
    const calls: RequestInit[] = [];
    const ok = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      return new Response(html('/assets/index-new.js'), { status: 200 });
    }) as typeof fetch;
    await expect(fetchLatestBuildId(ok)).resolves.toBe('/assets/index-new.js');
    expect(calls[0]?.cache).toBe('no-store');
    const down = (async () => new Response('', { status: 503 })) as typeof fetch;
    await expect(fetchLatestBuildId(down)).resolves.toBeNull();
  });
});
