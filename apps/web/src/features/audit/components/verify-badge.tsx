/**
 * Whether the site's audit log is as written (issue 33 item 2), from GET sites/{id}/audit/verify:
 * "Log intact: N rows", or the first row whose link does not hold and why.
 */
import { Badge, Tooltip, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditVerdict } from '../../../data/audit/get-audit-verdict.ts';

export function VerifyBadge({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const verdict = useAuditVerdict(siteId);
  if (verdict.isError) {
    return <Verdict state="unknown">{t('Audit.Verify.Failed')}</Verdict>;
  }
  if (verdict.data === undefined) {
    return <Verdict state="checking">{t('Audit.Verify.Checking')}</Verdict>;
  }
  const { ok, rows, broken } = verdict.data;
  if (ok || broken === undefined) {
    return (
      <Verdict
        state="intact"
        color="green"
        icon={<IconShieldCheck size={14} />}
        hint={t('Audit.Verify.IntactHint')}
      >
        {t('Audit.Verify.Intact', { count: rows })}
      </Verdict>
    );
  }
  return (
    <Verdict
      state="broken"
      color="fault"
      variant="filled"
      icon={<IconAlertTriangle size={14} />}
      hint={t(`Audit.Verify.Reason.${broken.reason}`)}
    >
      {t('Audit.Verify.Broken', {
        seq: broken.seq,
        reason: t(`Audit.Verify.Word.${broken.reason}`),
      })}
    </Verdict>
  );
}

/** The badge of one verdict (its state for the tests), with its hint on hover once there is one. */
function Verdict({
  state,
  color = 'gray',
  variant = 'light',
  icon,
  hint,
  children,
}: {
  state: 'unknown' | 'checking' | 'intact' | 'broken';
  color?: BadgeProps['color'];
  variant?: BadgeProps['variant'];
  icon?: ReactNode;
  hint?: string;
  children: ReactNode;
}) {
  const badge = (
    <Badge
      color={color}
      variant={variant}
      leftSection={icon}
      data-testid="audit-verdict"
      data-state={state}
    >
      {children}
    </Badge>
  );
  return hint === undefined ? (
    badge
  ) : (
    <Tooltip label={hint} multiline w={280}>
      {badge}
    </Tooltip>
  );
}
