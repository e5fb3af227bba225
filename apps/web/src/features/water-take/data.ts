/**
 * The water-take calls the console makes (docs/water-take.md): a site's consents, a consent's
 * produced days, and the files, fetched as every API file is (data/download-file.ts) and offered
 * as downloads. Keyed under the site, so a site refresh reaches them.
 */
import { endpointPath, waterTakeEndpoints, type WaterTakeFormat } from '@paddock/domain';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../data/download-file.ts';
import { waterTakeKeys } from '../../data/water-take/keys.ts';
import { callEndpoint } from '../../lib/api-client.ts';

export function useWaterConsents(siteId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: waterTakeKeys.consents(siteId),
    queryFn: () => callEndpoint(waterTakeEndpoints.listWaterConsents, { params: { id: siteId } }),
    enabled: options.enabled ?? true,
  });
}

export function useWaterTakeDays(siteId: number, consentId: number, days: number) {
  return useQuery({
    queryKey: waterTakeKeys.days(siteId, consentId, days),
    queryFn: () =>
      callEndpoint(waterTakeEndpoints.listWaterTakeDays, {
        params: { id: siteId, consentId },
        query: { days: String(days) },
      }),
  });
}

/** The file the daily job produced for the day. */
export async function downloadProducedDay(
  siteId: number,
  consent: { id: number; consentNumber: string },
  date: string,
): Promise<void> {
  const path = endpointPath(waterTakeEndpoints.downloadWaterTakeDay.path, {
    id: siteId,
    consentId: consent.id,
    date,
  });
  await downloadFile(path, `water-take-${consent.consentNumber}-${date}.csv`);
}

/** The day's file made now from the readings held (late data included). */
export async function downloadWaterTake(
  siteId: number,
  consent: { id: number; consentNumber: string },
  date: string,
  format: WaterTakeFormat,
): Promise<void> {
  const path = endpointPath(waterTakeEndpoints.downloadWaterTake.path, {
    id: siteId,
    consentId: consent.id,
  });
  await downloadFile(path, `water-take-${consent.consentNumber}-${date}.${format}`, {
    from: date,
    format,
  });
}
