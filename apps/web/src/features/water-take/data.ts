/**
 * The water-take calls the console makes (docs/water-take.md): a site's consents, a consent's
 * produced days, and the files, fetched with the session's bearer token (a plain link would carry
 * none) and offered as downloads. Keyed under the site, so a site refresh reaches them.
 */
import { endpointPath, waterTakeEndpoints, type WaterTakeFormat } from '@paddock/domain';
import { useQuery } from '@tanstack/react-query';
import { apiUrl, callEndpoint, refreshSession } from '../../lib/api-client.ts';
import { readAuth } from '../../lib/auth-storage.ts';
import { offerDownload } from '../../lib/offer-download.ts';
import { siteKeys } from '../../data/sites/keys.ts';

export const waterTakeKeys = {
  consents: (siteId: number) => [...siteKeys.detail(siteId), 'water-consents'] as const,
  days: (siteId: number, consentId: number, days: number) =>
    [...waterTakeKeys.consents(siteId), consentId, 'days', days] as const,
};

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

async function fetchFile(path: string, query?: Record<string, string>): Promise<Blob> {
  const url = apiUrl(path, query);
  const get = () => {
    const token = readAuth()?.token;
    return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let response = await get();
  if (response.status === 401 && (await refreshSession())) response = await get();
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status})`);
  return response.blob();
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
  offerDownload(await fetchFile(path), `water-take-${consent.consentNumber}-${date}.csv`);
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
  offerDownload(
    await fetchFile(path, { from: date, format }),
    `water-take-${consent.consentNumber}-${date}.${format}`,
  );
}
