// First of all the entry's imports: the SDK must be running before what it instruments is loaded.
import { startTracing } from '@council/server-kit/tracing';

startTracing('consensus-worker');
