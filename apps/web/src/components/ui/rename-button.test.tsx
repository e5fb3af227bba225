import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { RenameButton } from './rename-button.tsx';

async function open(onRename: (label: string) => Promise<unknown>) {
  const view = renderWithProviders(<RenameButton label="Zone 3" what="zone" onRename={onRename} />);
  await view.user.click(screen.getByRole('button', { name: 'Rename zone Zone 3' }));
  const field = await screen.findByLabelText(/Name/);
  return { ...view, field };
}

describe('rename (§7 PUT areas, sections, sensors with a label)', () => {
  it('saves the trimmed name and closes', async () => {
    const onRename = vi.fn(() => Promise.resolve());
    const { user, field } = await open(onRename);
    await user.clear(field);
    await user.type(field, '  Block B Pinot ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onRename).toHaveBeenCalledWith('Block B Pinot');
    // The modal closes after its transition.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  });

  it('refuses a blank name without calling the server', async () => {
    const onRename = vi.fn(() => Promise.resolve());
    const { user, field } = await open(onRename);
    await user.clear(field);
    await user.type(field, '   ');
    expect(screen.getByText('A name is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onRename).not.toHaveBeenCalled();
  });

  it('shows a failed rename in the form, where the name was typed (§8), and stays open', async () => {
    const onRename = vi.fn(() => Promise.reject(new ApiError(403, 'Requires the edit privilege')));
    const { user, field } = await open(onRename);
    await user.clear(field);
    await user.type(field, 'Top block');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Requires the edit privilege');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('Top block');
  });

  it('without an answer (offline) says the name was not saved', async () => {
    const onRename = vi.fn(() => Promise.reject(new ApiError(0, 'offline')));
    const { user, field } = await open(onRename);
    await user.type(field, ' north');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The name was not saved');
  });
});
