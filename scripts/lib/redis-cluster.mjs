// @ts-check
// A throwaway three-master Redis Cluster on loopback, for the cluster test stage: our own
// redis-server children on free ports, nothing on disk but a temporary dir, stopped on cleanup.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { run } from './exec.mjs';
import { freePort, waitFor } from './net.mjs';
import { startService } from './service-process.mjs';

const MASTERS = 3;

/** @param {number} count */
async function distinctPorts(count) {
  /** @type {Set<number>} */
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * CLUSTER INFO of a node, or '' while it does not answer.
 * @param {string} redisCli
 * @param {number} port
 * @returns {Promise<string>}
 */
function clusterInfo(redisCli, port) {
  return new Promise((resolve) => {
    execFile(redisCli, ['-p', String(port), 'cluster', 'info'], { timeout: 5000 }, (error, stdout) =>
      resolve(error ? '' : stdout),
    );
  });
}

/**
 * @param {string} redisCli
 * @param {readonly number[]} ports
 * @param {(info: string) => boolean} test
 */
async function everyNode(redisCli, ports, test) {
  const infos = await Promise.all(ports.map((port) => clusterInfo(redisCli, port)));
  return infos.every(test);
}

/**
 * Starts the nodes, joins them (redis-cli --cluster create) and waits for cluster_state:ok on
 * every node. Resolves { nodes: 'host:port,…', url, stop() }; stop() ends the nodes and removes
 * their dir, and also runs when start-up fails half-way.
 * @param {{ redisServer: string, redisCli: string, sink?: import('./service-process.mjs').Sink }} options
 */
export async function startRedisCluster({ redisServer, redisCli, sink }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'council-cluster-'));
  /** @type {import('./service-process.mjs').Service[]} */
  const services = [];
  const stop = async () => {
    await Promise.all(services.map((service) => service.stop(3000)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ports = await distinctPorts(MASTERS);
    for (const port of ports) {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes'];
      args.push('--cluster-config-file', path.join(dir, `nodes-${port}.conf`), '--dir', dir);
      args.push('--save', '', '--appendonly', 'no', '--loglevel', 'warning');
      services.push(startService(`redis-${port}`, redisServer, args, { colour: 'red', sink }));
    }
    await waitFor(() => everyNode(redisCli, ports, (info) => info !== ''), {
      timeoutMs: 15_000,
      what: 'the cluster nodes',
    });
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run(redisCli, ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'], {
      stdio: 'ignore',
    });
    await waitFor(() => everyNode(redisCli, ports, (info) => info.includes('cluster_state:ok')), {
      timeoutMs: 30_000,
      what: 'cluster_state:ok',
    });
    return { nodes: addresses.join(','), url: `redis://${addresses[0]}`, stop };
  } catch (cause) {
    await stop();
    throw cause;
  }
}
