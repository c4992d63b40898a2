import { type ChildProcess, spawn } from 'node:child_process';

export interface AppProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name when killed by one). */
  exited: Promise<number | string>;
  waitForHealthy(url: string, timeoutMs?: number): Promise<void>;
}

/** Starts a built app (`node dist/main.js`) as a real process with exactly the given environment. */
export function spawnApp(mainPath: string, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, [mainPath], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let done = false;
  void exited.then(() => (done = true)); // void: `exited` only ever resolves

  const waitForHealthy = async (url: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (done) throw new Error(`app exited before becoming healthy:\n${output}`);
      const ok = await fetch(url)
        .then((res) => res.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`app not healthy at ${url} within ${timeoutMs} ms:\n${output}`);
  };

  return { child, output: () => output, exited, waitForHealthy };
}
