/**
 * GET exports/{id}/file: the finished file, fetched as every API file is (../download-file.ts:
 * the session's bearer token, one refresh after a 401) and offered to the browser as a download.
 */
import { endpointPath, exportEndpoints } from '@paddock/domain';
import { downloadFile } from '../download-file.ts';

const exportFilePath = (id: number) => endpointPath(exportEndpoints.downloadExport.path, { id });

/** Fetches the file and hands it to the browser under its name. */
export async function downloadExport(id: number, fileName: string): Promise<void> {
  return downloadFile(exportFilePath(id), fileName);
}
