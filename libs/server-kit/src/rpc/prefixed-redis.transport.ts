import { type ClientProxy, ClientRedis, type RedisOptions, ServerRedis } from '@nestjs/microservices';

type RedisTransportOptions = NonNullable<RedisOptions['options']>;

export interface PrefixedRedisClientOptions extends RedisTransportOptions {
  /** REDIS_PREFIX: keeps each deployment's (and each test run's) RPC channels apart. */
  channelPrefix: string;
}

/**
 * Redis pub/sub channels are global: not scoped by key prefix, not even by database number. Without
 * a prefix, two stacks on one Redis answer each other's RPC requests and the first reply wins.
 */
export function prefixedChannel(prefix: string, pattern: string): string {
  return `${prefix}:${pattern}`;
}

/** The billing side: subscribes to `<prefix>:<pattern>` and replies on `<prefix>:<pattern>.reply`. */
export class PrefixedServerRedis extends ServerRedis {
  constructor(
    private readonly channelPrefix: string,
    options: RedisTransportOptions,
  ) {
    super(options);
  }

  override getRequestPattern(pattern: string): string {
    return prefixedChannel(this.channelPrefix, pattern);
  }

  /** Messages arrive on the prefixed channel; handlers are registered under the bare pattern. */
  override getHandlerByPattern(channel: string) {
    const head = `${this.channelPrefix}:`;
    return super.getHandlerByPattern(channel.startsWith(head) ? channel.slice(head.length) : channel);
  }
}

/** The caller's side; use with `ClientProxyFactory.create({ customClass: PrefixedClientRedis, options })`. */
export class PrefixedClientRedis extends ClientRedis {
  private readonly channelPrefix: string;

  constructor(options: PrefixedRedisClientOptions) {
    super(options);
    this.channelPrefix = options.channelPrefix;
  }

  override getRequestPattern(pattern: string): string {
    return prefixedChannel(this.channelPrefix, pattern);
  }

  override getReplyPattern(pattern: string): string {
    return `${prefixedChannel(this.channelPrefix, pattern)}.reply`;
  }
}

/**
 * A ready client. ClientRedis is a ClientProxy, but its status generics make TypeScript reject the
 * plain assignment (Subject variance), hence the one widening cast here rather than at every caller.
 */
export function createPrefixedRedisClient(options: PrefixedRedisClientOptions): ClientProxy {
  return new PrefixedClientRedis(options) as unknown as ClientProxy;
}
