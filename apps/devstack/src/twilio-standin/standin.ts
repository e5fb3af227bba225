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
import { twilioSignature } from '@paddock/server';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  E164,
  INVALID_MAGIC,
  present,
  readBody,
  rfc2822,
  send,
  statusCallbackParams,
  twilioError,
  type StandinRecord,
} from './protocol.ts';

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

export type StandinOptions = {
  port?: number;
  host?: string;
  accountSid?: string;
  authToken?: string;
  /** Folder the messages and calls are written to, one JSON file each; none keeps them in memory. */
  outboxDir?: string | null;
  /** Delay before the status callback. */
  callbackDelayMs?: number;
  log?: (line: string) => void;
};

/** What one running stand-in holds: its account, what it took, who waits, the failures asked for. */
type Standin = {
  options: StandinOptions;
  accountSid: string;
  authToken: string;
  expectedAuth: string;
  records: StandinRecord[];
  waiters: ((record: StandinRecord) => void)[];
  failures: { count: number; status: number };
  callbackDelayMs: number;
};

async function postSigned(standin: Standin, url: string, params: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(standin.authToken, url, params),
    },
    body: new URLSearchParams(params),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, text: await response.text() };
}

function statusCallback(standin: Standin, record: StandinRecord) {
  if (!record.statusCallback) return;
  const url = record.statusCallback;
  const params = statusCallbackParams(record, standin.accountSid);
  setTimeout(() => {
    record.status = record.kind === 'sms' ? 'delivered' : 'completed';
    postSigned(standin, url, params).catch((error: unknown) =>
      standin.options.log?.(`status callback to ${url} failed: ${String(error)}`),
    );
  }, standin.callbackDelayMs).unref();
}

function take(standin: Standin, record: StandinRecord) {
  const { options } = standin;
  standin.records.push(record);
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
  for (const waiter of standin.waiters.splice(0)) waiter(record);
  statusCallback(standin, record);
}

/** Twilio's two resources: list what was taken (GET), or take a message or a call (POST). */
async function handleApi(
  standin: Standin,
  request: IncomingMessage,
  response: ServerResponse,
  api: RegExpExecArray,
) {
  const { accountSid, records } = standin;
  if (request.headers.authorization !== standin.expectedAuth || api[1] !== accountSid) {
    return twilioError(response, 401, 20003, 'Authenticate');
  }
  const kind = api[2] === 'Messages' ? 'sms' : 'call';
  if (request.method === 'GET') {
    const list = records
      .filter((record) => record.kind === kind)
      .reverse()
      .map((record) => present(record, accountSid));
    return send(response, 200, kind === 'sms' ? { messages: list } : { calls: list });
  }
  if (request.method !== 'POST') return twilioError(response, 405, 20004, 'Method not allowed');
  if (standin.failures.count > 0) {
    standin.failures.count--;
    return twilioError(response, standin.failures.status, 20500, 'Service unavailable (stand-in)');
  }
  const form = new URLSearchParams(await readBody(request));
  const to = form.get('To') ?? '';
  const from = form.get('From') ?? '';
  if (!to) return twilioError(response, 400, 21604, "A 'To' phone number is required.");
  if (!E164.test(to) || to === INVALID_MAGIC) {
    return twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
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
  take(standin, record);
  return send(response, 201, present(record, accountSid));
}

/** Presses keys on a call: posts them to its <Gather action> (signed), answers with its TwiML. */
async function pressDigits(
  standin: Standin,
  request: IncomingMessage,
  response: ServerResponse,
  sid: string | undefined,
) {
  const record = standin.records.find((r) => r.sid === sid && r.kind === 'call');
  if (!record) return send(response, 404, { error: 'no such call' });
  const input = JSON.parse((await readBody(request)) || '{}') as { Digits?: string };
  const action = /<Gather[^>]*action="([^"]+)"/.exec(record.twiml ?? '')?.[1];
  if (!action) return send(response, 409, { error: 'the call gathers no digits' });
  const pressed = String(input.Digits ?? '1');
  record.digits.push(pressed);
  const actionUrl = action.replace(/&amp;/g, '&');
  const answer = await postSigned(standin, actionUrl, {
    AccountSid: standin.accountSid,
    CallSid: record.sid,
    Digits: pressed,
    From: record.from,
    To: record.to,
  });
  return send(response, answer.status, answer.text, 'text/xml');
}

async function handle(standin: Standin, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://standin');
  const api = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(url.pathname);
  if (api) return handleApi(standin, request, response, api);
  const digits = /^\/standin\/calls\/([^/]+)\/digits$/.exec(url.pathname);
  if (digits && request.method === 'POST')
    return pressDigits(standin, request, response, digits[1]);
  if (url.pathname === '/standin/failures' && request.method === 'POST') {
    const input = JSON.parse((await readBody(request)) || '{}') as Partial<Standin['failures']>;
    standin.failures = { count: input.count ?? 1, status: input.status ?? 503 };
    return send(response, 200, standin.failures);
  }
  if (url.pathname === '/standin/outbox' && request.method === 'GET') {
    return send(response, 200, standin.records);
  }
  return send(response, 404, { error: `no ${request.method} ${url.pathname}` });
}

export async function startTwilioStandin(options: StandinOptions = {}): Promise<TwilioStandin> {
  const accountSid = options.accountSid ?? `AC${'0'.repeat(32)}`;
  const authToken = options.authToken ?? 'standin-auth-token';
  const standin: Standin = {
    options,
    accountSid,
    authToken,
    expectedAuth: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    records: [],
    waiters: [],
    failures: { count: 0, status: 503 },
    callbackDelayMs: options.callbackDelayMs ?? 100,
  };
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    handle(standin, request, response).catch((error: unknown) => {
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
    records: standin.records,
    next: () => new Promise((resolve) => standin.waiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
