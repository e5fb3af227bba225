import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('§2 not-found page', () => {
  it('shows 404, the texts and the permissions line with the support link', () => {
    renderWithProviders(
      <NotFoundPage
        filterActive={false}
        onAdjustFilter={vi.fn()}
        supportUrl="https://help.example/faq"
      />,
    );
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(screen.getByText('The page you are looking for could not be found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust the site filter' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'https://help.example/faq',
    );
  });

  it('mentions an active site filter with a link that opens the filter panel', async () => {
    const onAdjustFilter = vi.fn();
    const { user } = renderWithProviders(
      <NotFoundPage
        filterActive
        onAdjustFilter={onAdjustFilter}
        supportUrl="https://help.example"
      />,
    );
    expect(screen.getByText(/A site filter is active/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Adjust the site filter' }));
    expect(onAdjustFilter).toHaveBeenCalled();
  });
});
