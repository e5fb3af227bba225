/**
 * The parts the program's card and the zone's card share, so both read the same way: a kicker
 * over the name with its state on the right, "label: value" facts and the settings button.
 */
import { Button, Group, Text, Title } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The kicker (what it is) over the name; `children` is the state shown on the right. */
export function SummaryCardHeading({
  kicker,
  name,
  rename,
  children,
}: {
  kicker: string;
  name: string;
  /** Beside the name: its rename, for those who may edit. */
  rename?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {kicker}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Title order={2} size="h4">
            {name}
          </Title>
          {rename}
        </Group>
      </div>
      {children}
    </Group>
  );
}

/** One "label: value" line with the value in bold. */
export function SummaryFact({
  label,
  value,
  testId,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
}) {
  return (
    <Text size="sm">
      {label}:{' '}
      <Text span fw={600} data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

/** The last of the card's buttons: it opens the settings modal, whatever state it is in. */
export function SettingsButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="default"
      leftSection={<IconAdjustments size={16} />}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
