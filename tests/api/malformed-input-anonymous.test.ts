// Malformed input to every documented call, as an anonymous visitor: never a 5xx
// (tests/support/malformed-input-sweep.ts).
import { defineMalformedInputSweep } from '../support/malformed-input-sweep';

defineMalformedInputSweep('anonymous');
