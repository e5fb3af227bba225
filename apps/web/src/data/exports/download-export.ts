/**
 * GET exports/{id}/file: the finished file, fetched with the session's bearer token (a plain link
 * would carry none) and offered to the browser as a download. A 401 refreshes the session once.
 */
import { endpointPath, exportEndpoints } from '@paddock/domain';
import { apiUrl, refreshSession } from '../../lib/api-client.ts';
import { readAuth } from '../../lib/auth-storage.ts';
import { offerDownload } from '../../lib/offer-download.ts';

export async function fetchExportFile(id: number): Promise<Blob> {
  const url = apiUrl(endpointPath(exportEndpoints.downloadExport.path, { id }));
  const get = () => {
    const token = readAuth()?.token;
    return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let response = await get();
  if (response.status === 401 && (await refreshSession())) response = await get();
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status})`);
  return response.blob();
}

/** Fetches the file and hands it to the browser under its name. */
export async function downloadExport(id: number, fileName: string): Promise<void> {
  offerDownload(await fetchExportFile(id), fileName);
}
