/**
 * pino's JSON lines as a person reads them on a terminal, one line per entry:
 * `14:02:07 INFO  field broker listening on mqtt://127.0.0.1:1884  part=field`. Elsewhere (a
 * file, a pipe, a log collector) the server writes the JSON lines themselves.
 */

const LEVELS: Record<number, { name: string; colour: number }> = {
  10: { name: 'TRACE', colour: 90 },
  20: { name: 'DEBUG', colour: 36 },
  30: { name: 'INFO', colour: 32 },
  40: { name: 'WARN', colour: 33 },
  50: { name: 'ERROR', colour: 31 },
  60: { name: 'FATAL', colour: 35 },
};

/** What every entry carries and the line shows in its own place, or not at all. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res']);

function twoDigits(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function field(key: string, value: unknown): string {
  return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/** One pino JSON line as a readable line; a line that is not pino's comes back as it is. */
export function formatLogLine(line: string, colours = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return line;
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const clock = `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}:${twoDigits(time.getSeconds())}`;
  const level = LEVELS[entry.level] ?? { name: String(entry.level), colour: 0 };
  const levelText = level.name.padEnd(5);
  const parts = [clock, colours ? `\u001b[${level.colour}m${levelText}\u001b[0m` : levelText];

  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.msg === 'string') parts.push(entry.msg);
  const rest = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) =>
      key === 'responseTime' && typeof value === 'number'
        ? `${Math.round(value)}ms`
        : field(key, value),
    );
  let text = [...parts, ...(rest.length > 0 ? [rest.join(' ')] : [])].join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  // A failure's stack is what its reader needs; it follows the line.
  if (err) text += `\n${err.stack ?? err.message ?? JSON.stringify(err)}`;
  return text;
}

/** A pino destination that writes readable lines to `out`, coloured when it is a terminal. */
export function readableLogStream(out: NodeJS.WriteStream = process.stdout): {
  write: (chunk: string) => void;
} {
  return {
    write: (chunk) => {
      for (const line of chunk.split('\n')) {
        if (line) out.write(`${formatLogLine(line, out.isTTY === true)}\n`);
      }
    },
  };
}
