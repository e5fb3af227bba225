/** Translation keys of the report vocabulary (§3 report types, frost report kinds). */
import type { FrostReportFileKind, ReportType } from '@paddock/domain';

export function reportTypeLabelKey(report: ReportType): string {
  return `Reports.Type.${report}`;
}

export function frostKindLabelKey(kind: FrostReportFileKind): string {
  return `Reports.Kind.${kind}`;
}
