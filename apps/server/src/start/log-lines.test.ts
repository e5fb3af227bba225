import { describe, expect, it } from 'vitest';
import { formatLogLine } from './log-lines.ts';

const at = new Date(2026, 10, 25, 14, 2, 7).getTime();

describe('readable log lines', () => {
  it.each([
    [
      { level: 30, time: at, pid: 1, hostname: 'h', msg: 'field broker listening', part: 'field' },
      '14:02:07 INFO  field broker listening part=field',
    ],
    [
      { level: 40, time: at, msg: 'late ack', serialno: 'R-1', attempt: 2 },
      '14:02:07 WARN  late ack serialno=R-1 attempt=2',
    ],
    [
      {
        level: 30,
        time: at,
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      },
      '14:02:07 INFO  200 request completed reqId=req-1 12ms',
    ],
    [
      {
        level: 30,
        time: at,
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/sites' },
        msg: 'incoming request',
      },
      '14:02:07 INFO  GET /api/sites incoming request reqId=req-1',
    ],
  ])('%j reads as %j', (entry, line) => {
    expect(formatLogLine(JSON.stringify(entry))).toBe(line);
  });

  it('an error brings its stack on the lines after', () => {
    const entry = {
      level: 50,
      time: at,
      msg: 'job failed',
      err: { stack: 'Error: boom\n    at x' },
    };
    expect(formatLogLine(JSON.stringify(entry))).toBe(
      '14:02:07 ERROR job failed\nError: boom\n    at x',
    );
  });

  it('colours the level on a terminal', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'hi' }), true)).toBe(
      '14:02:07 \u001b[32mINFO \u001b[0m hi',
    );
  });

  it.each(['not json', '{"no":"level"}', '[1,2]'])('leaves %j as it is', (line) => {
    expect(formatLogLine(line)).toBe(line);
  });
});
