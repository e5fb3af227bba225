/**
 * A local stand-in for the sms and voice provider that speaks the same protocol as Twilio's REST
 * API (the parts the server uses), so tests and `npm start` send real HTTP requests through the
 * real adapter, and a newcomer sees what would have gone out:
 *   POST /2010-04-01/Accounts/{sid}/Messages.json   (To, From, Body, StatusCallback) → 201
 *   POST /2010-04-01/Accounts/{sid}/Calls.json      (To, From, Twiml, StatusCallback) → 201
 *   GET  the same two paths                          the messages or calls taken, newest first
 * with HTTP Basic sid:token (401 code 20003 otherwise), 400 code 21211 for a number that is not
 * E.164 or is Twilio's magic invalid number +15005550001, and a signed status callback a moment
 * after (delivered, or completed for a call). Each message and call is also written to
 * `outboxDir` as JSON. For tests and demos:
 *   POST /standin/calls/{sid}/digits  {"Digits":"1"}  presses keys on a call: posts to its
 *        <Gather action> (signed) and answers with the TwiML it got back
 *   POST /standin/failures {"count":2,"status":503}   the next requests fail so
 *   GET  /standin/outbox                                everything taken, oldest first
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { twilioSignature } from './twilio.ts';

export type StandinRecord = {
  sid: string;
  kind: 'sms' | 'call';
  to: string;
  from: string;
  body: string | null;
  twiml: string | null;
  statusCallback: string | null;
  status: string;
  dateCreated: string;
  /** Digits pressed on a call through /standin/calls/{sid}/digits. */
  digits: string[];
};

export type TwilioStandin = {
  url: string;
  port: number;
  accountSid: string;
  authToken: string;
  records: StandinRecord[];
  /** Resolves with the next record taken (tests). */
  next: () => Promise<StandinRecord>;
  close: () => Promise<void>;
};

const E164 = /^\+[1-9]\d{6,14}$/;
const INVALID_MAGIC = '+15005550001';

const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': type });
  response.end(text);
}

function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  send(response, status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

export async function startTwilioStandin(
  options: {
    port?: number;
    host?: string;
    accountSid?: string;
    authToken?: string;
    /** Folder the messages and calls are written to, one JSON file each; none keeps them in memory. */
    outboxDir?: string | null;
    /** Delay before the status callback. */
    callbackDelayMs?: number;
    log?: (line: string) => void;
  } = {},
): Promise<TwilioStandin> {
  const accountSid = options.accountSid ?? `AC${'0'.repeat(32)}`;
  const authToken = options.authToken ?? 'standin-auth-token';
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const records: StandinRecord[] = [];
  const waiters: ((record: StandinRecord) => void)[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  const host = options.host ?? '127.0.0.1';
  const callbackDelayMs = options.callbackDelayMs ?? 100;

  const postSigned = async (url: string, params: Record<string, string>) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, text: await response.text() };
  };

  const statusCallback = (record: StandinRecord) => {
    if (!record.statusCallback) return;
    const url = record.statusCallback;
    const params: Record<string, string> =
      record.kind === 'sms'
        ? {
            AccountSid: accountSid,
            ApiVersion: '2010-04-01',
            From: record.from,
            MessageSid: record.sid,
            MessageStatus: 'delivered',
            SmsSid: record.sid,
            SmsStatus: 'delivered',
            To: record.to,
          }
        : {
            AccountSid: accountSid,
            ApiVersion: '2010-04-01',
            CallSid: record.sid,
            CallStatus: 'completed',
            CallDuration: '12',
            Direction: 'outbound-api',
            From: record.from,
            To: record.to,
          };
    setTimeout(() => {
      record.status = record.kind === 'sms' ? 'delivered' : 'completed';
      postSigned(url, params).catch((error: unknown) =>
        options.log?.(`status callback to ${url} failed: ${String(error)}`),
      );
    }, callbackDelayMs).unref();
  };

  const take = (record: StandinRecord) => {
    records.push(record);
    if (options.outboxDir) {
      const dir = path.join(options.outboxDir, record.kind === 'sms' ? 'sms' : 'calls');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${record.sid}.json`), `${JSON.stringify(record, null, 2)}\n`);
    }
    options.log?.(
      record.kind === 'sms'
        ? `sms to ${record.to}: ${record.body ?? ''}`
        : `call to ${record.to}: ${record.twiml ?? ''}`,
    );
    for (const waiter of waiters.splice(0)) waiter(record);
    statusCallback(record);
  };

  const present = (record: StandinRecord) => {
    const resource = record.kind === 'sms' ? 'Messages' : 'Calls';
    const common = {
      sid: record.sid,
      account_sid: accountSid,
      api_version: '2010-04-01',
      to: record.to,
      from: record.from,
      status: record.status,
      direction: 'outbound-api',
      date_created: record.dateCreated,
      date_updated: record.dateCreated,
      price: null,
      uri: `/2010-04-01/Accounts/${accountSid}/${resource}/${record.sid}.json`,
    };
    return record.kind === 'sms'
      ? {
          ...common,
          body: record.body,
          num_segments: '1',
          num_media: '0',
          error_code: null,
          error_message: null,
          date_sent: null,
          messaging_service_sid: null,
        }
      : { ...common, start_time: null, end_time: null, duration: null, answered_by: null };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://standin');
    const api = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(url.pathname);
    if (api) {
      if (request.headers.authorization !== expectedAuth || api[1] !== accountSid) {
        return twilioError(response, 401, 20003, 'Authenticate');
      }
      const kind = api[2] === 'Messages' ? 'sms' : 'call';
      if (request.method === 'GET') {
        const list = records
          .filter((record) => record.kind === kind)
          .reverse()
          .map(present);
        return send(response, 200, kind === 'sms' ? { messages: list } : { calls: list });
      }
      if (request.method !== 'POST') return twilioError(response, 405, 20004, 'Method not allowed');
      if (failures.count > 0) {
        failures.count--;
        return twilioError(response, failures.status, 20500, 'Service unavailable (stand-in)');
      }
      const form = new URLSearchParams(await readBody(request));
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      if (!to) return twilioError(response, 400, 21604, "A 'To' phone number is required.");
      if (!E164.test(to) || to === INVALID_MAGIC) {
        return twilioError(
          response,
          400,
          21211,
          `The 'To' number ${to} is not a valid phone number.`,
        );
      }
      if (!from) return twilioError(response, 400, 21603, "A 'From' phone number is required.");
      const body = form.get('Body');
      const twiml = form.get('Twiml');
      if (kind === 'sms' && (!body || body.length > 1600)) {
        return twilioError(response, 400, 21602, 'Message body is required (at most 1600).');
      }
      if (kind === 'call' && (!twiml || twiml.length > 4000)) {
        return twilioError(response, 400, 21205, 'Twiml is required (at most 4000).');
      }
      const record: StandinRecord = {
        sid: `${kind === 'sms' ? 'SM' : 'CA'}${randomBytes(16).toString('hex')}`,
        kind,
        to,
        from,
        body: kind === 'sms' ? body : null,
        twiml: kind === 'call' ? twiml : null,
        statusCallback: form.get('StatusCallback'),
        status: 'queued',
        dateCreated: rfc2822(new Date()),
        digits: [],
      };
      take(record);
      return send(response, 201, present(record));
    }
    const digits = /^\/standin\/calls\/([^/]+)\/digits$/.exec(url.pathname);
    if (digits && request.method === 'POST') {
      const record = records.find((r) => r.sid === digits[1] && r.kind === 'call');
      if (!record) return send(response, 404, { error: 'no such call' });
      const input = JSON.parse((await readBody(request)) || '{}') as { Digits?: string };
      const action = /<Gather[^>]*action="([^"]+)"/.exec(record.twiml ?? '')?.[1];
      if (!action) return send(response, 409, { error: 'the call gathers no digits' });
      const pressed = String(input.Digits ?? '1');
      record.digits.push(pressed);
      const actionUrl = action.replace(/&amp;/g, '&');
      const answer = await postSigned(actionUrl, {
        AccountSid: accountSid,
        CallSid: record.sid,
        Digits: pressed,
        From: record.from,
        To: record.to,
      });
      return send(response, answer.status, answer.text, 'text/xml');
    }
    if (url.pathname === '/standin/failures' && request.method === 'POST') {
      const input = JSON.parse((await readBody(request)) || '{}') as Partial<typeof failures>;
      failures = { count: input.count ?? 1, status: input.status ?? 503 };
      return send(response, 200, failures);
    }
    if (url.pathname === '/standin/outbox' && request.method === 'GET') {
      return send(response, 200, records);
    }
    return send(response, 404, { error: `no ${request.method} ${url.pathname}` });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    accountSid,
    authToken,
    records,
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
