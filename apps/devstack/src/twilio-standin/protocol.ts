/**
 * What the sms and voice stand-in (standin.ts) speaks of Twilio's REST API: a message's or call's
 * record and how the API shows it, its error bodies, and the plain HTTP it answers with.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

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

export const E164 = /^\+[1-9]\d{6,14}$/;
export const INVALID_MAGIC = '+15005550001';

export const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': type });
  response.end(text);
}

export function twilioError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
) {
  send(response, status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

/** A message or call as Twilio's REST API shows it. */
export function present(record: StandinRecord, accountSid: string) {
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
}

/** The parameters of a record's status callback: delivered for an sms, completed for a call. */
export function statusCallbackParams(
  record: StandinRecord,
  accountSid: string,
): Record<string, string> {
  return record.kind === 'sms'
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
}
