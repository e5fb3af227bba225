/**
 * Water consents (issue 17; docs/water-take.md): the site's consents with their meters and each
 * meter's verification, and the last days' water-take files with whether the daily job produced
 * each, to download as produced (csv) or as made now (csv or xlsx); a user with edit on the site
 * adds and edits consents here. Mounted below the Add-ons page by its route module
 * (app/routes/main/addons.tsx), on a site that has a consent or for a user who may add one.
 */
import { Anchor, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { WaterConsent, WaterTakeFormat } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { notify } from '../../../lib/notify.ts';
import {
  downloadProducedDay,
  downloadWaterTake,
  useWaterConsents,
  useWaterTakeDays,
} from '../data.ts';
import { ConsentEditor } from './consent-editor.tsx';

const DAYS = 8;

const STATUS_COLORS: Record<string, string> = {
  produced: 'running',
  failed: 'fault',
  due: 'warning',
  notDue: 'gray',
};

export function WaterConsentsPanel({
  siteId,
  areaIds,
  enabled,
}: {
  siteId: number;
  /** The site's areas: their water meters are what a consent may name. */
  areaIds: readonly number[];
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const consents = useWaterConsents(siteId, { enabled });
  // Consents are added and edited with edit on the site (the server's rule).
  const canEdit = usePrivileges(siteId).has('edit');
  const [editing, setEditing] = useState<WaterConsent | 'new' | null>(null);
  if (!consents.data) return null;
  if (consents.data.consents.length === 0 && !canEdit) return null;
  return (
    <Stack gap="xs" p="sm" data-testid="water-consents">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('WaterTake.Title')}
        </Title>
        {canEdit && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('WaterTake.Edit.Add')}
          </Button>
        )}
      </Group>
      {consents.data.consents.map((consent) => (
        <ConsentCard
          key={consent.id}
          siteId={siteId}
          consent={consent}
          onEdit={canEdit ? () => setEditing(consent) : undefined}
        />
      ))}
      {editing !== null && (
        <ConsentEditor
          siteId={siteId}
          areaIds={areaIds}
          consent={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function ConsentCard({
  siteId,
  consent,
  onEdit,
}: {
  siteId: number;
  consent: WaterConsent;
  /** Present for users who may edit the consent. */
  onEdit: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const days = useWaterTakeDays(siteId, consent.id, DAYS);
  const failed = () => notify({ level: 'error', message: t('WaterTake.DownloadFailed') });
  const live = (date: string, format: WaterTakeFormat) => () => {
    downloadWaterTake(siteId, consent, date, format).catch(failed);
  };
  return (
    <Stack gap={4} data-testid={`water-consent-${consent.consentNumber}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {consent.consentNumber}
          {consent.label ? ` · ${consent.label}` : ''}
        </Text>
        {onEdit && (
          <Anchor component="button" size="xs" onClick={onEdit}>
            {t('WaterTake.Edit.Edit')}
          </Anchor>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('WaterTake.Limits', {
          rate: consent.maxRateLps ?? '—',
          volume: consent.maxDailyVolumeM3 ?? '—',
        })}
      </Text>
      {consent.meters.map((meter) => (
        <Text key={meter.sensor} size="xs" data-verification-due={meter.verificationDue}>
          {meter.label}
          {meter.serialno ? ` (${meter.serialno})` : ''}
          {' · '}
          {meter.verifiedOn
            ? t('WaterTake.VerifiedOn', { date: meter.verifiedOn })
            : t('WaterTake.NotVerified')}
          {meter.verificationDue && (
            <Badge ml={4} size="xs" color="warning">
              {t('WaterTake.VerificationDue')}
            </Badge>
          )}
        </Text>
      ))}
      {days.data && (
        <ScrollArea type="auto">
          <Table fz="sm" miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('WaterTake.Day')}</Table.Th>
                <Table.Th>{t('WaterTake.Status')}</Table.Th>
                <Table.Th ta="right">{t('WaterTake.Volume')}</Table.Th>
                <Table.Th ta="right">{t('WaterTake.Quality')}</Table.Th>
                <Table.Th>{t('WaterTake.Files')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.data.days.map((day) => (
                <Table.Tr key={day.date} data-status={day.status}>
                  <Table.Td>{day.date}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" color={STATUS_COLORS[day.status]}>
                      {t(`WaterTake.Status.${day.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{day.volume === null ? '' : `${day.volume} m³`}</Table.Td>
                  <Table.Td ta="right">{day.quality ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {day.status === 'produced' && (
                        <Anchor
                          component="button"
                          size="xs"
                          onClick={() => {
                            downloadProducedDay(siteId, consent, day.date).catch(failed);
                          }}
                        >
                          {t('WaterTake.Produced')}
                        </Anchor>
                      )}
                      <Anchor component="button" size="xs" onClick={live(day.date, 'csv')}>
                        csv
                      </Anchor>
                      <Anchor component="button" size="xs" onClick={live(day.date, 'xlsx')}>
                        xlsx
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
