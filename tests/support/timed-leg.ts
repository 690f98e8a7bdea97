// Runs one test leg as a child and writes the CPU seconds it used, its own and all its
// descendants', to a file: `node --import tsx tests/support/timed-leg.ts <cpu-file> <command> [args…]`.
// tests/run-all.ts runs some legs side by side; a process can only read the CPU time of the
// children it has waited for (/proc/self/stat), so each concurrent leg gets a waiter of its own.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * CPU seconds used so far by the waited-for children of this process (and theirs): fields 14 and
 * 15 after the command name in /proc/self/stat, in clock ticks. Wall time on a shared machine
 * says as much about the neighbours as about the tests; CPU time is what a leg itself costs.
 */
export function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cpuFile, command, ...args] = process.argv.slice(2);
  if (!cpuFile || !command) {
    console.error('usage: timed-leg.ts <cpu-file> <command> [args…]');
    process.exit(2);
  }
  const result = spawnSync(command, args, { stdio: 'inherit' });
  writeFileSync(cpuFile, String(childCpuSeconds()));
  process.exit(result.status ?? 1);
}
