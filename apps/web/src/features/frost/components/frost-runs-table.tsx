/**
 * The frost explorer's table of the night's fan runs, each with what started it (the controller,
 * someone at the fan, a test, or the console) and its inversion at the start with its class.
 */
import { Badge, Group, Table } from '@mantine/core';
import type { FrostRun } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { InversionBadge } from './inversion-badge.tsx';

export function FrostRunsTable({
  runs,
  number,
  time,
}: {
  runs: readonly FrostRun[];
  /** A temperature, or '--'. */
  number: (value: number | null) => string;
  /** A time of the night in the site's zone (a run still going says so). */
  time: (iso: string | null) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table fz="sm" striped aria-label={t('Frost.Runs')} data-testid="frost-runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Frost.Fan')}</Table.Th>
            <Table.Th>{t('Frost.Start')}</Table.Th>
            <Table.Th>{t('Frost.Stop')}</Table.Th>
            <Table.Th>{t('Frost.Trigger')}</Table.Th>
            <Table.Th ta="right">{t('Frost.CanopyAtStart')}</Table.Th>
            <Table.Th ta="right">{t('Frost.CanopyAtStop')}</Table.Th>
            <Table.Th ta="right">{t('Frost.Inversion')}</Table.Th>
            <Table.Th>{t('Frost.Flags')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={`${run.fan}-${run.start}`} data-testid="frost-run">
              <Table.Td>{run.fanLabel}</Table.Td>
              <Table.Td>{time(run.start)}</Table.Td>
              <Table.Td>{time(run.stop)}</Table.Td>
              <Table.Td data-testid="frost-run-trigger" data-trigger={run.trigger}>
                {t(`Frost.Trigger.${run.trigger}`)}
              </Table.Td>
              <Table.Td ta="right">{number(run.canopyAtStart)} °C</Table.Td>
              <Table.Td ta="right">{number(run.canopyAtStop)} °C</Table.Td>
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {number(run.inversionAtStart)} °C
                  {run.inversionClassAtStart && (
                    <InversionBadge inversionClass={run.inversionClassAtStart} />
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {run.flags.map((flag) => (
                    <Badge key={flag} color="red" variant="light" size="xs">
                      {t(`Frost.Flag.${flag}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
