/**
 * The sms and voice provider adapter: Twilio's REST API (2010-04-01) over fetch, so the real
 * service and the local stand-in (apps/devstack/src/twilio-standin/) are the same code path.
 * - POST /2010-04-01/Accounts/{sid}/Messages.json: To, From, Body, StatusCallback;
 * - POST /2010-04-01/Accounts/{sid}/Calls.json: To, From, Twiml (<Say> and a one-digit <Gather>
 *   whose action acknowledges on 1), StatusCallback;
 * HTTP Basic with the account sid and auth token; form-encoded bodies; JSON answers.
 * Callbacks to us carry X-Twilio-Signature: base64(HMAC-SHA1(token, url + sorted key+value)).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TwilioConfig = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  smsFrom: string;
  voiceFrom: string;
};

type ProviderAccepted = { sid: string; status: string };

/** The provider refused, or could not be reached. `permanent` errors are not retried. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

export type Twilio = {
  sendSms(input: { to: string; body: string; statusCallback?: string }): Promise<ProviderAccepted>;
  call(input: { to: string; twiml: string; statusCallback?: string }): Promise<ProviderAccepted>;
};

export function createTwilio(config: TwilioConfig): Twilio {
  const base = config.baseUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const post = async (resource: string, form: Record<string, string | undefined>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, value);
    let response: Response;
    try {
      response = await fetch(
        `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${resource}`,
        {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        },
      );
    } catch (error) {
      throw new ProviderError(`provider unreachable: ${(error as Error).message}`, false);
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    if (!response.ok) {
      const message = typeof json.message === 'string' ? json.message : text.slice(0, 200);
      const code = json.code === undefined ? '' : ` (${String(json.code)})`;
      // 4xx other than rate limiting is the request's fault (bad number, bad credentials):
      // trying again sends the same request. 429 and 5xx may pass later.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new ProviderError(`provider ${response.status}${code}: ${message}`, permanent);
    }
    if (typeof json.sid !== 'string')
      throw new ProviderError('provider answered without a sid', false);
    return { sid: json.sid, status: typeof json.status === 'string' ? json.status : 'queued' };
  };
  return {
    sendSms: ({ to, body, statusCallback }) =>
      post('Messages.json', {
        To: to,
        From: config.smsFrom,
        Body: body,
        StatusCallback: statusCallback,
      }),
    call: ({ to, twiml, statusCallback }) =>
      post('Calls.json', {
        To: to,
        From: config.voiceFrom,
        Twiml: twiml,
        StatusCallback: statusCallback,
      }),
  };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** The call's script: says the alarm (twice, as a person may miss the start) and waits for 1. */
export function alarmCallTwiml(say: string, gatherUrl: string): string {
  const text = xmlEscape(say);
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Response>' +
    `<Gather numDigits="1" action="${xmlEscape(gatherUrl)}" method="POST" timeout="10">` +
    `<Say>${text}</Say><Say>${text}</Say></Gather>` +
    '<Say>No answer received. Goodbye.</Say></Response>'
  );
}

export function twimlSay(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${xmlEscape(text)}</Say></Response>`;
}

/** X-Twilio-Signature of a form POST to `url`. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
