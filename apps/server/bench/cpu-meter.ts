/**
 * CPU use by process group over a phase of a bench, from /proc (Linux): which process took the
 * machine's cores while the bench measured. The benches that run several processes on one
 * machine print it beside their figures, so a latency can be read against what the cores had to
 * spare.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) each process has used so far, by pid, from /proc. */
function cpuSecondsByPid(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Ended meanwhile.
    }
  }
  return used;
}

/** CPU seconds the whole machine has spent busy (everything but idle and I/O wait), all cores. */
function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return 0;
  }
}

/** The pids of a user's processes (postgres, mosquitto): the database's and the broker's CPU. */
export function pidsOf(user: string): number[] {
  const listed = spawnSync('ps', ['-u', user, '-o', 'pid='], { encoding: 'utf8' }).stdout ?? '';
  return listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}

type CpuUse = Record<string, number>;

/**
 * Starts metering the groups (each a function naming its pids, asked at the start and the end);
 * the returned function ends the phase and gives each group's cores (CPU seconds per second),
 * and `machine`: what every process and the kernel used together.
 */
export function cpuMeter(groups: Record<string, () => number[]>): () => CpuUse {
  const at = () =>
    Object.entries(groups).map(([name, pids]) => [name, cpuSecondsByPid(pids())] as const);
  const start = new Map(at());
  const machineAtStart = machineBusySeconds();
  const started = Date.now();
  return () => {
    const seconds = (Date.now() - started) / 1000;
    const use: CpuUse = {};
    for (const [name, used] of at()) {
      // A process that ended during the phase is left out (its last share is lost), and one that
      // began during it counts from 0: a database connection opened or closed meanwhile.
      const before = start.get(name);
      let total = 0;
      for (const [pid, now] of used) total += now - (before?.get(pid) ?? 0);
      use[name] = total / seconds;
    }
    use.machine = (machineBusySeconds() - machineAtStart) / seconds;
    return use;
  };
}

/** "server 0.71, postgres 0.55, …, machine 1.62": one line of cores per group. */
export function cpuLine(use: CpuUse): string {
  return Object.entries(use)
    .map(([group, cores]) => `${group} ${cores.toFixed(2)}`)
    .join(', ');
}
