import { runHistory } from './dist/index.js';
const [name, from, count] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const found = [];
for (let seed = from; seed < from + count; seed++) {
  const m = await runHistory(seed, { mutants: [name] });
  if (!m.violations.length) continue;
  if ((await runHistory(seed)).violations.length) { console.log(`seed ${seed} fails unmutated too`); continue; }
  found.push(seed);
  console.log(`seed ${seed}: ${m.violations[0]}`);
}
console.log(`${name}: ${found.length} of ${count}: ${found.join(' ')}`);
