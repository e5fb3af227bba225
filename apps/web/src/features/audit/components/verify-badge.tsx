/**
 * Whether the site's audit log is as written (issue 33 item 2), from GET sites/{id}/audit/verify:
 * "Log intact: N rows", or the first row whose link does not hold and why.
 */
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuditVerdict } from '../../../data/audit/get-audit-verdict.ts';

export function VerifyBadge({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const verdict = useAuditVerdict(siteId);
  if (verdict.isError) {
    return (
      <Badge color="gray" variant="light" data-testid="audit-verdict" data-state="unknown">
        {t('Audit.Verify.Failed')}
      </Badge>
    );
  }
  if (verdict.data === undefined) {
    return (
      <Badge color="gray" variant="light" data-testid="audit-verdict" data-state="checking">
        {t('Audit.Verify.Checking')}
      </Badge>
    );
  }
  const { ok, rows, broken } = verdict.data;
  if (ok || broken === undefined) {
    return (
      <Tooltip label={t('Audit.Verify.IntactHint')} multiline w={280}>
        <Badge
          color="green"
          variant="light"
          leftSection={<IconShieldCheck size={14} />}
          data-testid="audit-verdict"
          data-state="intact"
        >
          {t('Audit.Verify.Intact', { count: rows })}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={t(`Audit.Verify.Reason.${broken.reason}`)} multiline w={280}>
      <Badge
        color="fault"
        variant="filled"
        leftSection={<IconAlertTriangle size={14} />}
        data-testid="audit-verdict"
        data-state="broken"
      >
        {t('Audit.Verify.Broken', {
          seq: broken.seq,
          reason: t(`Audit.Verify.Word.${broken.reason}`),
        })}
      </Badge>
    </Tooltip>
  );
}
