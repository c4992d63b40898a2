// @ts-check
// Loaded into the apps with NODE_OPTIONS=--require when `npm run bench -- --profile` runs (Node
// does not allow --cpu-prof in NODE_OPTIONS). Samples the CPU from start-up; on SIGUSR2 it writes
// <app>-<pid>.cpuprofile to BENCH_PROFILE_DIR (open it in Chrome DevTools or summarise it with
// `node --import tsx scripts/bench/profile-summary.ts FILE`).
'use strict';
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_PROFILE_DIR;
const main = process.argv[1] ?? '';
const app = /apps[\\/]([^\\/]+)[\\/]dist/.exec(main)?.[1];
if (dir && app) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.writeFileSync(path.join(dir, `${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      session.post('Profiler.start');
    });
  });
}
