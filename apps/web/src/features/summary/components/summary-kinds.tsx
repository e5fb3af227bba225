import { Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { SUMMARY_KIND_SOURCES, type SiteSummary } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { LastUpdate } from '../../../components/ui/last-update.tsx';
import { formatLayerValue } from '../../../lib/weather-values.ts';

/**
 * The §3 summary kinds the site has data for (issue 14): temperature, growing degree days, wind,
 * soil moisture… each with its §9 weather layer's label and unit, in §3 order. Kinds with no data are not in the summary, so not shown;
 * with none at all the card is not drawn. A kind read from several sensors shows their mean and
 * range.
 */
export function SummaryKinds({ kinds, now }: { kinds: SiteSummary['kinds']; now: Date }) {
  const { t, i18n } = useTranslation();
  if (kinds.length === 0) return null;
  const newest = kinds.reduce<string | null>(
    (latest, kind) =>
      kind.at !== null && (latest === null || kind.at > latest) ? kind.at : latest,
    null,
  );
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('SiteSummary.Conditions')}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('SiteSummary.Conditions')}</Text>
          <LastUpdate at={newest} now={now} />
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 6 }} spacing="xs" verticalSpacing="xs">
          {kinds.map((kind) => {
            const { layer } = SUMMARY_KIND_SOURCES[kind.kind];
            const label = t(`Weather.Layer.${layer}`);
            const value = formatLayerValue(layer, kind.value, i18n.language);
            return (
              <Box
                key={kind.kind}
                data-kind={kind.kind}
                aria-label={`${label}: ${value}`}
                role="group"
                pl="xs"
                style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}
              >
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {value}
                </Text>
                {kind.sensors > 1 && (
                  <Text size="xs" c="dimmed">
                    {t('SiteSummary.KindRange', {
                      count: kind.sensors,
                      min: formatLayerValue(layer, kind.min, i18n.language),
                      max: formatLayerValue(layer, kind.max, i18n.language),
                    })}
                  </Text>
                )}
              </Box>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
