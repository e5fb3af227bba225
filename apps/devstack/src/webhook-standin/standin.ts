/**
 * A local receiver of the server's webhooks (issue 32 item 5), so a newcomer on `npm start` can add
 * an endpoint in the console (the Users page's Webhooks card) pointing here and watch the site's
 * events arrive, and tests can receive them for real:
 *   POST /webhooks[/…]                                takes an event (204), kept as it came
 *   POST /standin/failures {"count":2,"status":503}   the next events are refused so
 *   GET  /standin/webhooks                            everything taken or refused, oldest first
 * It checks no signature: the secret is shown only in the console; a test that read it there
 * verifies each event with the convention's library.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  /** The body as it came: what the signature covers. */
  body: string;
  /** The status it was answered with. */
  status: number;
};

export type WebhookStandin = {
  /** Where to point an endpoint: …/webhooks. */
  url: string;
  received: ReceivedWebhook[];
  close: () => Promise<void>;
};

type WebhookStandinOptions = {
  port?: number;
  host?: string;
  /** Each event's status, when a test decides it (by its clock); 204 otherwise. */
  answer?: () => number;
  /** Every answer waits this long (a slow receiver, tests). */
  holdMs?: number;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookStandin(
  options: WebhookStandinOptions = {},
): Promise<WebhookStandin> {
  const received: ReceivedWebhook[] = [];
  const failures = { count: 0, status: 503 };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://standin.local').pathname;
    const body = await readBody(request);
    if (request.method === 'GET' && path === '/standin/webhooks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(received));
      return;
    }
    if (request.method === 'POST' && path === '/standin/failures') {
      Object.assign(failures, JSON.parse(body || '{}'));
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'POST' || !/^\/webhooks(\/|$)/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    let status = options.answer?.() ?? 204;
    if (failures.count > 0) {
      failures.count -= 1;
      status = failures.status;
    }
    received.push({ headers: request.headers, body, status });
    if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status < 300 ? 'thanks' : 'not now');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
