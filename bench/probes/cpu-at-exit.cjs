// Preloaded (node --require, through NODE_OPTIONS) into a process whose CPU time a figure reports:
// at exit it writes, as JSON in milliseconds, the process's CPU time (user + system over all its
// threads), and where the runtime can tell (process.threadCpuUsage, Node 23.9 and later) the main
// thread's own, in all and up to the first HTTP request the process created (undici's and
// node:http's diagnostics channels): loading and set-up, apart from the requests and what follows.
// On a loaded machine wall time swings with the other processes; CPU time barely does.
const { writeFileSync } = require('node:fs');
const diagnostics = require('node:diagnostics_channel');

const mainThreadMs = () => {
  if (typeof process.threadCpuUsage !== 'function') return null;
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
let firstRequestMainMs = null;
const onFirstRequest = () => {
  if (firstRequestMainMs === null) firstRequestMainMs = mainThreadMs();
};
diagnostics.subscribe('undici:request:create', onFirstRequest);
diagnostics.subscribe('http.client.request.start', onFirstRequest);

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  const cpu = { cpuMs: (user + system) / 1000, mainMs: mainThreadMs(), firstRequestMainMs };
  writeFileSync(process.env.BENCH_CPU_FILE, JSON.stringify(cpu));
});
