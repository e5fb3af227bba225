import type { FrostRules } from '@paddock/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FrostRulesForm } from './frost-rules-form.tsx';

const RULES: FrostRules = {
  startAtOrBelow: 1,
  stopBy: 2,
  windShutdownAbove: 8,
  permittedHours: null,
  source: 'Marlborough resource consent',
};

function form(canEdit = true, rules: FrostRules = RULES) {
  const onSave = vi.fn();
  const rendered = renderWithProviders(
    <FrostRulesForm
      rules={rules}
      isDefault={false}
      canEdit={canEdit}
      saving={false}
      failure={null}
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  return { ...rendered, onSave };
}

describe("the site's frost rules form", () => {
  it('shows the early warning fields empty with their defaults, and saves without them', async () => {
    const { user, onSave } = form();
    const critical = screen.getByLabelText('Critical temperature (°C)');
    expect((critical as HTMLInputElement).value).toBe('');
    expect(critical.getAttribute('placeholder')).toBe('the start temperature, 1');
    expect(screen.getByLabelText('Warn this much above it (°C)').getAttribute('placeholder')).toBe(
      'default 1',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(RULES);
  });

  it('saves the critical temperature and the margin typed', async () => {
    const { user, onSave } = form();
    await user.type(screen.getByLabelText('Critical temperature (°C)'), '-2');
    await user.type(screen.getByLabelText('Warn this much above it (°C)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ...RULES, criticalTemperature: -2, forecastMargin: 1.5 });
  });

  it('refuses a margin out of range, naming the field, and saves nothing', async () => {
    const { user, onSave } = form();
    await user.type(screen.getByLabelText('Warn this much above it (°C)'), '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('From 0 to 5 °C, or empty')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the rules a site has set', () => {
    form(true, { ...RULES, criticalTemperature: -1.5, forecastMargin: 0.5 });
    expect((screen.getByLabelText('Critical temperature (°C)') as HTMLInputElement).value).toBe(
      '-1.5',
    );
    expect((screen.getByLabelText('Warn this much above it (°C)') as HTMLInputElement).value).toBe(
      '0.5',
    );
  });

  it('without edit rights shows the rules but cannot save them', () => {
    form(false);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByLabelText('Start at or below (°C)') as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
