// A Nest-free entry: each app's tracing file loads it before anything tracing instruments.
export {
  activeSpanRequestId,
  queueTelemetry,
  startTracing,
  stopTracing,
  tracingConfigured,
  tracingEnabled,
} from './tracing';
