// Preloaded (node --require, through NODE_OPTIONS) into a process whose CPU time a figure reports:
// at exit it writes the process's CPU time, user + system over all its threads, in milliseconds.
// On a loaded machine wall time swings with the other processes; CPU time barely does.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  writeFileSync(process.env.BENCH_CPU_FILE, String((user + system) / 1000));
});
