import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc's CPU times. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time, in ms, that every process named `name` on this machine has used, with their
 * children that ended (user and system, from /proc), or undefined where /proc cannot tell. For a database server on this
 * machine, the difference over a run is the database's share of the load.
 */
export function processesCpuMs(name: string): number | undefined {
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      // "pid (comm) state ..." : the command may hold spaces, so fields count from its ')'.
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== name) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime, and cutime and cstime: a backend that ended is counted in its parent's.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
