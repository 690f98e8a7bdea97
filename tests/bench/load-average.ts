// The 1, 5 and 15 minute load, printed beside every bench figure: the machine is shared, so a
// figure says as much about its neighbours as about the shop.
import { readFileSync } from 'node:fs';

export function loadavg(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}
