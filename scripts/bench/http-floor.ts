/**
 * The machine's floor for order intake over HTTP: what `npm run bench:orders` would cost with no
 * Express, no platform and no database. A child process runs a bare `node:http` server that reads
 * each POST's JSON body, parses it and answers 201 with an order-sized JSON; this process drives it
 * as `bench:orders` does (undici, keep-alive, the same body and headers, `--concurrency` requests
 * in flight) for `--seconds`, and prints requests/s and the CPU each request cost the machine, the
 * server and the driver. Whatever an order adds (the database, the purchase, the inbox) comes on
 * top of it.
 *
 *   node --import tsx scripts/bench/http-floor.ts [--concurrency 32] [--seconds 10] [--rounds 3]
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { machineCpu } from './orders-platform.ts';

const ANSWER = JSON.stringify({
  order: {
    id: '123456',
    productCode: 'CAB01',
    issue: '2430611',
    status: 0,
    multiplier: 3,
    units: 3,
    pointsSpent: 300,
    plays: [{ type: 'pick', stars: 3, numbers: [7, 19, 64] }],
    createdAt: new Date(0).toISOString(),
  },
  balance: { balance: 99_700, trialBalance: 0 },
});
const BODY = JSON.stringify({ productCode: 'CAB01', issue: '2430611', multiplier: 3, plays: [{ type: 'pick', stars: 3, numbers: [7, 19, 64] }] });

if (process.argv[2] === 'server') {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(ANSWER) });
      res.end(ANSWER);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
  process.on('message', () => {
    const used = process.cpuUsage();
    process.send!(used.user + used.system);
  });
} else {
  const { values } = parseArgs({
    options: { concurrency: { type: 'string', default: '32' }, seconds: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' } },
  });
  const concurrency = Number(values.concurrency);
  const seconds = Number(values.seconds);
  const child = fork(import.meta.filename, ['server'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(message as number)));
  /** The server's CPU so far, µs: it answers any message with it. */
  const serverCpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve(message as number));
      child.send('cpu');
    });
  const agent = new Agent({ connections: concurrency + 8, keepAliveTimeout: 60_000, pipelining: 1 });
  const token = crypto.randomBytes(150).toString('base64url'); // a session token's length
  let answered = 0;
  let stop = false;
  const loop = async () => {
    while (!stop) {
      const response = await request(`http://127.0.0.1:${port}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
        body: BODY,
        dispatcher: agent,
      });
      JSON.parse(await response.body.text());
      answered++;
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await sleep(2000); // warm-up
  console.log(`\nHTTP floor: bare node:http answering ${concurrency} undici requests in flight, ${seconds} s a round\n`);
  for (let round = 1; round <= Number(values.rounds); round++) {
    const before = { answered, machine: machineCpu().busy, server: await serverCpu(), driver: process.cpuUsage(), at: Date.now() };
    await sleep(seconds * 1000);
    const count = answered - before.answered;
    const machine = ((machineCpu().busy - before.machine) / 100) * 1e6; // USER_HZ ticks → µs
    const server = (await serverCpu()) - before.server;
    const driver = process.cpuUsage(before.driver);
    const each = (micros: number) => Math.round(micros / count);
    console.log(
      `  round ${round}: ${Math.round(count / ((Date.now() - before.at) / 1000))} requests/s; CPU a request: machine ${each(machine)} µs, server ${each(server)} µs, driver ${each(driver.user + driver.system)} µs`,
    );
  }
  stop = true;
  await Promise.all(loops);
  await agent.close();
  child.kill();
}
