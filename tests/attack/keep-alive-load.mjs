// node tests/attack/keep-alive-load.mjs <base> [requests]: 50 concurrent keep-alive clients (node:http Agent, as crawlers
// and proxies use) with think time around 5 s, while 4 others keep the server drawing PNGs; counts connection errors
// (issue 17 item 9, decision 067). Needs prc_hicp_manr imported and TRUST_PROXY=1 (each request a new address).
import http from 'node:http';
import { setTimeout } from 'node:timers';
const base = process.argv[2] ?? 'http://127.0.0.1:3999';
const total = Number(process.argv[3] ?? 600);
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const paths = [
  '/api/datasets',
  '/api/datasets/prc_hicp_manr/meta',
  '/robots.txt',
  '/api/datasets/prc_hicp_manr?dim2=CP00&country=DE',
];
let next = 0,
  ok = 0,
  stop = false;
const errors = {};
const statuses = {};
function get(url, ag) {
  return new Promise((resolve) => {
    const req = http.get(
      url,
      {
        agent: ag,
        headers: { 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      },
      (res) => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        res.resume();
        res.on('end', () => resolve(true));
      },
    );
    req.on('error', (e) => {
      errors[e.code ?? e.message] = (errors[e.code ?? e.message] ?? 0) + 1;
      resolve(false);
    });
  });
}
async function worker() {
  while (next < total) {
    const i = next++;
    if (await get(base + paths[i % paths.length], agent)) ok++;
    await new Promise((r) => setTimeout(r, 4500 + Math.random() * 1500));
  }
}
let w = 300;
async function busy() {
  while (!stop)
    await get(
      `${base}/api/charts/download-png?datasetId=prc_hicp_manr&country[]=DE&width=${300 + (w++ % 2000)}&height=400`,
      busyAgent,
    );
}
const t0 = Date.now();
const busyOnes = Array.from({ length: 4 }, busy);
await Promise.all(Array.from({ length: 50 }, worker));
stop = true;
await Promise.all(busyOnes);
console.log(JSON.stringify({ total, ok, errors, statuses, seconds: (Date.now() - t0) / 1000 }));
agent.destroy();
busyAgent.destroy();
