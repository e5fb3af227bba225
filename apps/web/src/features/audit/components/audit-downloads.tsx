/**
 * The audit page's "Download csv" and "Download xlsx" (issue 33 item 3): the rows its filters show,
 * as a file made by the export worker. The button asked for shows it is busy until the file is
 * downloaded; the other waits, so one export is made at a time.
 */
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AuditExportAsk } from '../../../data/exports/audit-export.ts';

type AuditExportFormat = AuditExportAsk['format'];

const FORMATS: readonly AuditExportFormat[] = ['csv', 'xlsx'];

interface AuditDownloadsProps {
  /** The format being made, or null when none is. */
  readonly busy: AuditExportFormat | null;
  readonly onDownload: (format: AuditExportFormat) => void;
}

export function AuditDownloads({ busy, onDownload }: AuditDownloadsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      {FORMATS.map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => onDownload(format)}
        >
          {t(`Audit.Download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
