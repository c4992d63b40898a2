// Asserts the key layout on a real Redis Cluster (REDIS_CLUSTER_NODES): different questions'
// streams, and the queues of different hash tags, land on different slots, and across nodes.
import assert from 'node:assert/strict';
import process from 'node:process';
import { QUEUES, queuePrefix, questionStreamKey } from '@council/contracts';
import { Cluster } from 'ioredis';

const nodes = process.env.REDIS_CLUSTER_NODES.split(',').map((node) => {
  const [host, port] = node.split(':');
  return { host, port: Number(port) };
});
const prefix = process.env.REDIS_PREFIX ?? 'council';
const cluster = new Cluster(nodes);

try {
  const slotOf = async (key) => Number(await cluster.cluster('KEYSLOT', key));
  const nodeOf = async (key) => {
    const slot = await slotOf(key);
    const ranges = await cluster.cluster('SLOTS');
    const range = ranges.find(([from, to]) => slot >= from && slot <= to);
    return `${range[2][0]}:${range[2][1]}`;
  };

  const streams = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => `${prefix}:${questionStreamKey(id)}`);
  const streamSlots = new Set(await Promise.all(streams.map(slotOf)));
  assert.equal(streamSlots.size, streams.length, 'each question stream has a slot of its own');
  const streamNodes = new Set(await Promise.all(streams.map(nodeOf)));
  assert.ok(streamNodes.size > 1, `question streams spread over nodes (got ${[...streamNodes]})`);

  const queueKey = (queue) => `${queuePrefix(prefix, queue)}:${queue}:wait`;
  const queueSlots = new Map();
  for (const queue of Object.values(QUEUES)) queueSlots.set(queue, await slotOf(queueKey(queue)));
  // The question flow's queues share a slot (docs/redis-cluster.md, "Flows"); the others have their own.
  assert.equal(queueSlots.get(QUEUES.consensus), queueSlots.get(QUEUES.providerOpenai));
  const separate = [QUEUES.consensus, QUEUES.usage, QUEUES.retention, QUEUES.billingWebhooks];
  assert.equal(new Set(separate.map((queue) => queueSlots.get(queue))).size, separate.length);
  const queueNodes = new Set(await Promise.all(separate.map((queue) => nodeOf(queueKey(queue)))));
  assert.ok(queueNodes.size > 1, `queues spread over nodes (got ${[...queueNodes]})`);

  // Real writes through the cluster client land where CLUSTER KEYSLOT says.
  await cluster.xadd(streams[0], '*', 'type', 'layout-check');
  assert.equal(Number(await cluster.exists(streams[0])), 1);
  await cluster.del(streams[0]);
  console.log(
    `Key layout OK: ${streams.length} streams on ${streamSlots.size} slots / ${streamNodes.size} nodes; ` +
      `queues on ${new Set(queueSlots.values()).size} slots / ${queueNodes.size} nodes`,
  );
} finally {
  cluster.disconnect();
}
