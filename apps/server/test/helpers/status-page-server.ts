/**
 * A local status page that speaks the summary protocol of the real one: GET <path>?timestamp=…
 * answers { activeIncidents, activeMaintenances }. Tests set what it reports; run directly
 * (`node --import tsx …/status-page-server.ts`, port from STATUS_PAGE_PORT) it also takes
 * PUT /__summary with a new summary, so end-to-end tests can raise and clear the banner.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export type StatusItem = { name: string; url?: string };
export type Summary = { activeIncidents: StatusItem[]; activeMaintenances: StatusItem[] };

export type StatusPageServer = {
  url: string;
  set: (summary: Summary) => void;
  /** Every timestamp query the page received, to check callers send one. */
  requests: Array<{ timestamp: string | null }>;
  close: () => Promise<void>;
};

const EMPTY: Summary = { activeIncidents: [], activeMaintenances: [] };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStatusPage(port = 0): Promise<StatusPageServer> {
  let summary: Summary = EMPTY;
  const requests: StatusPageServer['requests'] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://status.local');
    if (request.method === 'PUT' && url.pathname === '/__summary') {
      summary = JSON.parse(await readBody(request)) as Summary;
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api/v2/summary.json') {
      requests.push({ timestamp: url.searchParams.get('timestamp') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ page: { name: 'Paddock' }, ...summary }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/api/v2/summary.json`,
    set: (next) => {
      summary = next;
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const page = await startStatusPage(Number(process.env.STATUS_PAGE_PORT ?? 0));
  console.log(`status page on ${page.url}`);
}
