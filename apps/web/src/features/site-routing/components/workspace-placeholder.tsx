import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The workspaces whose pages arrive in later work (§2 routes that resolve but are not built). */
export type Workspace =
  'irrigation' | 'telemetry' | 'weather' | 'addons' | 'zone' | 'alarms' | 'users' | 'playground';

/**
 * An honest stand-in for a page not built yet: it names the workspace, the site and the area the
 * route resolved to, and what the route selects (a zone, a radio, an add-on…).
 */
export function WorkspacePlaceholder({
  workspace,
  siteLabel,
  areaLabel,
  selections = [],
}: {
  workspace: Workspace;
  siteLabel: string;
  areaLabel?: string;
  /** Already translated lines, e.g. 'Radio 12'. */
  selections?: readonly string[];
}) {
  const { t } = useTranslation();
  const name = t(`Workspace.Name.${workspace}`);
  return (
    <Card withBorder padding="lg" m="md" component="section" aria-label={name}>
      <Stack gap="xs">
        <Text c="dimmed" size="sm">
          {areaLabel ? `${siteLabel} · ${areaLabel}` : siteLabel}
        </Text>
        <Title order={2}>{areaLabel ? `${name}: ${areaLabel}` : name}</Title>
        {selections.length > 0 && (
          <Group gap="xs">
            {selections.map((selection) => (
              <Badge key={selection} variant="light">
                {selection}
              </Badge>
            ))}
          </Group>
        )}
        <Text>
          {areaLabel
            ? t('Workspace.ArrivesLaterArea', { workspace: name, area: areaLabel })
            : t('Workspace.ArrivesLater', { workspace: name })}
        </Text>
      </Stack>
    </Card>
  );
}
