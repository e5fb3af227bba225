import { Box, Card, Progress, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { HOME_PLACEHOLDER_PROGRESS_MS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useListHeight } from '../hooks/use-list-height.ts';
import { usePlaceholderProgress } from '../hooks/use-placeholder-progress.ts';
import { placeholderRowCount } from '../placeholder.ts';

const ROW_HEIGHT_PX = 48;

/**
 * §2 Home loading placeholder, shown while the sites load: a progress bar cycling in steps of 10
 * (every 400 ms here; pass 500 for the other screen), skeleton cards and a skeleton list whose
 * height follows the window (re-measured 300 ms after resizing, 24 px kept below).
 */
export function HomeLoadingPlaceholder({
  intervalMs = HOME_PLACEHOLDER_PROGRESS_MS,
}: {
  intervalMs?: number;
}) {
  const { t } = useTranslation();
  const percent = usePlaceholderProgress(intervalMs);
  const [setListElement, listHeight] = useListHeight();
  const rows = placeholderRowCount(listHeight ?? ROW_HEIGHT_PX * 5, ROW_HEIGHT_PX);

  return (
    <Stack p="md" gap="md" aria-busy="true">
      <Progress
        value={percent}
        size="sm"
        aria-label={t('Common.Loading')}
        transitionDuration={200}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {[0, 1, 2].map((card) => (
          <Card key={card} withBorder padding="md">
            <Skeleton height={14} width="60%" mb="sm" />
            <Skeleton height={10} mb={6} />
            <Skeleton height={10} width="80%" />
          </Card>
        ))}
      </SimpleGrid>
      <Box ref={setListElement} h={listHeight ?? undefined} style={{ overflow: 'hidden' }}>
        <Stack gap={0}>
          {Array.from({ length: rows }, (_, row) => (
            <Box key={row} h={ROW_HEIGHT_PX} py={10}>
              <Skeleton height={ROW_HEIGHT_PX - 20} />
            </Box>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
