/**
 * A local receiver of webhooks for tests: an HTTP server on a free port that keeps every request
 * it gets (headers as sent, raw body) and answers each with the status the test chooses.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  close: () => Promise<void>;
};

/** `answer` gives each request's status; `holdMs` delays every answer (a slow receiver). */
export async function startWebhookReceiver(
  answer: () => number,
  holdMs = 0,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const status = answer();
    received.push({
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      status,
    });
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    if (!response.destroyed) response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status < 300 ? 'thanks' : 'not now');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
