/**
 * A file of the API (a report export, a water-take day), fetched with the session's bearer token
 * (a plain link would carry none) and offered to the browser as a download. A 401 refreshes the
 * session once and tries again, as every other call of the API client does.
 */
import { apiUrl, refreshSession, type QueryParams } from '../lib/api-client.ts';
import { readAuth } from '../lib/auth-storage.ts';
import { offerDownload } from '../lib/offer-download.ts';

/** The file at `path` (an endpoint's path with its params filled in) as a Blob. */
export async function fetchFile(path: string, query?: QueryParams): Promise<Blob> {
  const url = apiUrl(path, query);
  const get = () => {
    // Read at each try: the refresh after a 401 stores a new token.
    const token = readAuth()?.token;
    return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let response = await get();
  if (response.status === 401 && (await refreshSession())) response = await get();
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status})`);
  return response.blob();
}

/** Fetches the file and hands it to the browser under `fileName`. */
export async function downloadFile(
  path: string,
  fileName: string,
  query?: QueryParams,
): Promise<void> {
  offerDownload(await fetchFile(path, query), fileName);
}
