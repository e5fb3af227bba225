/** The bar of a hardware view's pane choices (main, side, or a phone's one bar). */
import { Group, Tabs } from '@mantine/core';
import type { HardwareListView } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HardwarePane } from './hardware-panes.tsx';
import classes from './hardware-views.module.css';

export function PaneTabs({
  panes,
  value,
  onChange,
  label,
  extra,
}: {
  panes: readonly HardwarePane[];
  value: HardwareListView | undefined;
  onChange: (id: HardwareListView) => void;
  label: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group className={classes.paneBar} justify="space-between" gap="xs" wrap="wrap">
      <Tabs
        value={value ?? null}
        onChange={(next) => {
          if (next) onChange(next as HardwareListView);
        }}
        variant="pills"
      >
        <Tabs.List aria-label={label}>
          {panes.map((pane) => (
            <Tabs.Tab key={pane.id} value={pane.id} size="xs">
              {t(pane.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {extra}
    </Group>
  );
}
