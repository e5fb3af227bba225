/**
 * Sequence membership (§3 sequence and zones edits): which of the up to 4 sequences (§9) each zone
 * runs in, or none (the zone is then banned, §4). Saved with PUT programs/{id} on Apply.
 */
import { Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { MAX_SEQUENCES_PER_PROGRAM, type Program, type ProgramUpdateBody } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyFooter, useApplyForm } from './apply-form.tsx';
import type { ZoneView } from '../irrigation-view.ts';
import { sequencesBody } from '../program-edits.ts';

const NONE = 'none';

export function SequencesModal({
  opened,
  onClose,
  program,
  zones,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  program: Program;
  zones: readonly ZoneView[];
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Irrigation.Sequences.Edit')} size="lg">
      <SequencesForm program={program} zones={zones} onApply={onApply} onClose={onClose} />
    </Modal>
  );
}

function SequencesForm({
  program,
  zones,
  onApply,
  onClose,
}: {
  program: Program;
  zones: readonly ZoneView[];
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [membership, setMembership] = useState<ReadonlyMap<number, number | null>>(
    () => new Map(zones.map((zone) => [zone.id, zone.sequence])),
  );
  const { footer, submit } = useApplyForm(onApply, onClose);
  const options = [
    ...Array.from({ length: MAX_SEQUENCES_PER_PROGRAM }, (_, index) => ({
      value: String(index),
      label: t('Irrigation.Sequences.Name', { number: index + 1 }),
    })),
    { value: NONE, label: t('Irrigation.Sequences.None') },
  ];

  const apply = async () => {
    await submit(sequencesBody(program, membership));
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('Irrigation.Sequences.Hint', { count: MAX_SEQUENCES_PER_PROGRAM })}
      </Text>
      <ScrollArea.Autosize mah="60vh">
        <Table>
          <Table.Tbody>
            {zones.map((zone) => {
              const value = membership.get(zone.id);
              return (
                <Table.Tr key={zone.id}>
                  <Table.Td>{zone.label}</Table.Td>
                  <Table.Td w={180}>
                    <Select
                      aria-label={t('Irrigation.Sequences.For', { zone: zone.label })}
                      data={options}
                      value={value === null || value === undefined ? NONE : String(value)}
                      allowDeselect={false}
                      onChange={(next) =>
                        setMembership((current) =>
                          new Map(current).set(
                            zone.id,
                            next === null || next === NONE ? null : Number(next),
                          ),
                        )
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <ApplyFooter {...footer} onApply={() => void apply()} />
    </Stack>
  );
}
