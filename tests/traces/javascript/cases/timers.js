// Timers with different delays, and an interval cleared after three runs.
setTimeout(() => console.log('timeout 400'), 400);
setTimeout(() => console.log('timeout 75'), 75);
let runs = 0;
const id = setInterval(() => {
  runs++;
  console.log(`interval ${runs}`);
  if (runs === 3) {
    clearInterval(id);
  }
}, 50);
setTimeout(() => console.log('timeout 0'));
console.log('sync');
