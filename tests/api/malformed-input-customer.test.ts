// Malformed input to every documented call, as a customer's user (b2b@example.com): never a 5xx
// (tests/support/malformed-input-sweep.ts).
import { defineMalformedInputSweep } from '../support/malformed-input-sweep';

defineMalformedInputSweep('customer');
