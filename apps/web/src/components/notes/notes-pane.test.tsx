import type { Note, Privilege } from '@paddock/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { jsonResponse, renderWithProviders } from '../../testing/render.tsx';
import { NotesPane, notesOf } from './notes-pane.tsx';

const AREA = 10;
const ZONE = 21;

function note(overrides: Partial<Note>): Note {
  return {
    id: 1,
    target: ZONE,
    targetType: 'section',
    area: AREA,
    text: 'Dripper line cut, repaired',
    timestamp: '2024-09-01T06:00:00Z',
    author: { id: 7, name: 'Aroha Ngata' },
    mine: true,
    ...overrides,
  };
}

/** The API as the pane calls it: the area's notes, the caller's privileges, and the writes. */
function api(notes: Note[], privileges: Privilege[], writes: Record<string, Response> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  configureApiClient({
    baseUrl: '/api',
    fetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(url), 'http://x').pathname;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const write = writes[`${method} ${path}`];
      if (write) return write.clone();
      if (path === `/api/areas/${AREA}/notes`) return jsonResponse(200, notes);
      if (path === '/api/sites/1/privileges') return jsonResponse(200, { privileges, areas: {} });
      if (path === '/api/user/privileges') return jsonResponse(200, { privileges: [] });
      throw new Error(`Unexpected request ${method} ${path}`);
    }) as typeof fetch,
  });
  return calls;
}

const pane = () =>
  renderWithProviders(
    <NotesPane
      siteId={1}
      areaId={AREA}
      target={{ type: 'section', id: ZONE }}
      timeZone="Pacific/Auckland"
    />,
  );

describe('notesOf (§3 Note: target, area)', () => {
  it.each([
    ['the zone’s own note', note({}), { type: 'section', id: ZONE } as const, true],
    ['another zone’s note', note({ target: 22 }), { type: 'section', id: ZONE } as const, false],
    [
      'a control with the same id',
      note({ targetType: 'control' }),
      { type: 'section', id: ZONE } as const,
      false,
    ],
    [
      'an old note without a type, for the area',
      note({ target: AREA, targetType: undefined }),
      { type: 'area', id: AREA } as const,
      true,
    ],
    [
      'an old note without a type, for a zone',
      note({ targetType: undefined }),
      { type: 'section', id: ZONE } as const,
      false,
    ],
  ])('%s is listed: %s', (_label, value, target, listed) => {
    expect(notesOf([value], target, AREA)).toEqual(listed ? [value] : []);
  });
});

describe('the notes pane', () => {
  it('lists the target’s notes with author and site time; Delete only on one’s own', async () => {
    api(
      [
        note({ id: 1, text: 'Mine', mine: true }),
        note({ id: 2, text: 'Theirs', mine: false, author: { id: 8, name: 'Jack Walsh' } }),
        note({ id: 3, text: 'Another zone', target: 22 }),
        note({ id: 4, text: 'Gone', mine: false, author: null }),
      ],
      ['view', 'edit'],
    );
    pane();
    const mine = await screen.findByRole('listitem', { name: 'Mine' });
    expect(mine.textContent).toContain('Aroha Ngata, 2024-09-01 18:00');
    expect(within(mine).getByRole('button', { name: 'Delete note: Mine' })).toBeTruthy();
    const theirs = screen.getByRole('listitem', { name: 'Theirs' });
    expect(theirs.textContent).toContain('Jack Walsh');
    expect(within(theirs).queryByRole('button')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Gone' }).textContent).toContain('A former user');
    expect(screen.queryByRole('listitem', { name: 'Another zone' })).toBeNull();
  });

  it('a monitor (view only) reads the notes but adds and deletes none', async () => {
    api([note({ text: 'Mine', mine: true })], ['view']);
    pane();
    await screen.findByRole('listitem', { name: 'Mine' });
    expect(screen.queryByLabelText('New note')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('adds a trimmed note on the zone, then reads the notes again', async () => {
    const calls = api([], ['view', 'edit'], {
      [`POST /api/areas/${AREA}/notes`]: jsonResponse(201, note({ text: 'Filters cleaned' })),
    });
    const { user } = pane();
    expect(await screen.findByText('No notes yet')).toBeTruthy();
    const field = await screen.findByLabelText('New note');
    expect((screen.getByRole('button', { name: 'Add note' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.type(field, '  Filters cleaned ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      text: 'Filters cleaned',
      target: ZONE,
      targetType: 'section',
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `/api/areas/${AREA}/notes`)).toHaveLength(3),
    );
  });

  it('shows the server’s refusal where the note was typed, and keeps the text', async () => {
    api([], ['view', 'edit'], {
      [`POST /api/areas/${AREA}/notes`]: jsonResponse(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Requires the edit privilege',
      }),
    });
    const { user } = pane();
    const field = await screen.findByLabelText('New note');
    await user.type(field, 'Valve leaking');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Requires the edit privilege');
    expect((field as HTMLTextAreaElement).value).toBe('Valve leaking');
  });

  it('deletes one’s own note (DELETE notes/{id})', async () => {
    const calls = api([note({ id: 5, text: 'Mine' })], ['view', 'edit'], {
      'DELETE /api/notes/5': new Response(null, { status: 204 }),
    });
    const { user } = pane();
    await user.click(await screen.findByRole('button', { name: 'Delete note: Mine' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/notes/5')).toBe(
        true,
      ),
    );
  });
});
