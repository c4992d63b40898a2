import { type Metric, type Registry } from 'prom-client';

/**
 * The registry's metric of this name, made by `create` the first time. A registry refuses a name
 * twice, and a metric shared by several modules of one process (say, billing RPC calls made by two
 * clients) must be one series per label set, so shared definitions go through here.
 */
export function registerOnce<T extends Metric>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}
