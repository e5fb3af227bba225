/**
 * The simulator's control server: a small JSON API on localhost through which the CLI (or a
 * test, or a curious person with curl) injects and clears faults and lists the virtual devices.
 *
 *   GET    /devices          the virtual devices and their controls
 *   GET    /faults           the faults in force
 *   POST   /faults           inject one: {"kind":"silence","serialno":"WVC-004512"},
 *                            {"kind":"burst","sectionId":10}, {"kind":"leak","sensorId":202,"flow":20}
 *   DELETE /faults[?id=&kind=&serialno=]   clear the matching ones (all without a query)
 *   POST   /frost-night      run a compressed frost night now: {"siteId":1,"minutes":3}
 *                            (frost-night.ts has the rest: reportSeconds, windAt, faultFan)
 *   GET    /frost-night      the frost nights given
 *   DELETE /frost-night[?siteId=]  take them off again
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { DeviceSummary } from './device.ts';
import { frostNightInputSchema, type FrostNightInput } from './frost-night.ts';
import {
  faultFilterSchema,
  faultInputSchema,
  UnknownTargetError,
  type Fault,
  type FaultFilter,
  type FaultInput,
} from './faults.ts';
import type { FrostNightSummary } from './simulator-options.ts';

/**
 * What the control server drives: the simulator's faults and devices. Named here rather than
 * imported, so the simulator that starts this server and this server do not import each other.
 */
export type ControlledFarm = {
  inject(fault: FaultInput): Fault;
  /** Clears the matching faults (all without a filter) and returns them. */
  clear(filter?: FaultFilter): Fault[];
  faults(): Fault[];
  devices(): DeviceSummary[];
  /**
   * Runs a compressed frost night now (frost-night.ts) on the site, or on every site with frost
   * fans; refused (UnknownTargetError) when there is no such site.
   */
  frostNight(input: FrostNightInput): FrostNightSummary[];
  /** The frost nights given, running or over. */
  frostNights(): FrostNightSummary[];
  /** Takes the frost night off the site (all sites without one); the weather is its own again. */
  clearFrostNight(siteId?: number): FrostNightSummary[];
};

const frostNightQuerySchema = z
  .object({ siteId: z.coerce.number().int().positive().optional() })
  .strict();

/** Where the fault-injection server listens unless told otherwise (also for `npm start`). */
export const DEFAULT_CONTROL_PORT = 8091;

export type ControlServer = { url: string; port: number; close: () => Promise<void> };

/** Bodies larger than this are refused: a fault is a few dozen bytes. */
const MAX_BODY_BYTES = 16 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

const filterQuerySchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    kind: z.string().optional(),
    serialno: z.string().optional(),
  })
  .strict()
  .pipe(faultFilterSchema);

function zodMessage(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

async function handle(
  simulator: ControlledFarm,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const route = `${request.method ?? 'GET'} ${url.pathname}`;
  switch (route) {
    case 'GET /devices':
      return send(response, 200, { devices: simulator.devices() });
    case 'GET /faults':
      return send(response, 200, { faults: simulator.faults() });
    case 'POST /faults': {
      const fault = faultInputSchema.safeParse(await readJson(request));
      if (!fault.success) throw new HttpError(400, zodMessage(fault.error));
      try {
        return send(response, 201, { fault: simulator.inject(fault.data) });
      } catch (error) {
        if (error instanceof UnknownTargetError) throw new HttpError(404, error.message);
        throw error;
      }
    }
    case 'DELETE /faults': {
      const filter = filterQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!filter.success) throw new HttpError(400, zodMessage(filter.error));
      return send(response, 200, { cleared: simulator.clear(filter.data) });
    }
    case 'POST /frost-night': {
      const input = frostNightInputSchema.safeParse(await readJson(request));
      if (!input.success) throw new HttpError(400, zodMessage(input.error));
      try {
        const nights = simulator.frostNight(input.data);
        return send(response, 201, { frostNight: nights[0], frostNights: nights });
      } catch (error) {
        if (error instanceof UnknownTargetError) throw new HttpError(404, error.message);
        throw error;
      }
    }
    case 'GET /frost-night':
      return send(response, 200, { frostNights: simulator.frostNights() });
    case 'DELETE /frost-night': {
      const query = frostNightQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) throw new HttpError(400, zodMessage(query.error));
      return send(response, 200, { cleared: simulator.clearFrostNight(query.data.siteId) });
    }
    default:
      throw new HttpError(404, `no ${route}`);
  }
}

export async function startControlServer(
  simulator: ControlledFarm,
  options: { port: number; host: string },
): Promise<ControlServer> {
  const server = createServer((request, response) => {
    handle(simulator, request, response).catch((error: unknown) => {
      if (error instanceof HttpError) return send(response, error.status, { error: error.message });
      send(response, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
