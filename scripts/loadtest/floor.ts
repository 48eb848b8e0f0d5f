/**
 * The machine's floor for a broadcast: what the load test's clock broadcast would cost with no
 * WebSocket, no Socket.IO and no platform at all. `--senders` processes each hold their share of
 * `--clients` raw loopback TCP connections and, at one shared instant, write one 300-byte frame
 * (stamped with that instant) to each; `--receivers` processes timestamp every frame they read.
 * It prints delivery p50/p99/max and the senders' CPU per write, `--rounds` times.
 *
 *   node --import tsx scripts/loadtest/floor.ts --clients 20000 --senders 2 --receivers 4
 *
 * Compare with `npm run loadtest -- --clients 20000 --api-nodes 2` (README, "Load test"): the
 * difference is what the servers and the clients add on top of the kernel's own work.
 */
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { parseArgs } from 'node:util';

const FRAME_BYTES = 300;
const [role] = process.argv.slice(2);

if (role === 'sender') {
  const connections: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    connections.push(socket);
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as net.AddressInfo).port }));
  process.on('message', (message: { at: number }) => {
    setTimeout(() => {
      const frame = Buffer.alloc(FRAME_BYTES, 32);
      frame.write(String(message.at)); // 13 digits: the instant the frame stands for
      const before = process.cpuUsage();
      for (const socket of connections) socket.write(frame);
      const used = process.cpuUsage(before);
      process.send!({ cpuMicrosPerWrite: (used.user + used.system) / Math.max(1, connections.length) });
    }, message.at - Date.now());
  });
} else if (role === 'receiver') {
  const [port, count] = process.argv.slice(3).map(Number) as [number, number];
  let latencies: number[] = [];
  let open = 0;
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1', () => {
      if (++open === count) process.send!({ ready: true });
    });
    // A frame arrives whole (300 bytes on loopback): its first 13 bytes are the instant.
    socket.on('data', (data) => latencies.push(Date.now() - Number(data.toString('latin1', 0, 13))));
    if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  process.on('message', () => {
    process.send!({ latencies });
    latencies = [];
  });
} else {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '20000' }, senders: { type: 'string', default: '2' }, receivers: { type: 'string', default: '4' }, rounds: { type: 'string', default: '4' } } });
  const clients = Number(values.clients);
  const senderCount = Number(values.senders);
  const receiverCount = Number(values.receivers);
  const self = new URL(import.meta.url).pathname;
  const spawn = (args: string[]) => fork(self, args, { execArgv: ['--import', 'tsx'] });
  const reply = <T>(child: ChildProcess) => new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));

  const senders = Array.from({ length: senderCount }, () => spawn(['sender']));
  const ports = await Promise.all(senders.map((s) => reply<{ port: number }>(s).then((m) => m.port)));
  const receivers = Array.from({ length: receiverCount }, (_, i) => spawn(['receiver', String(ports[i % senderCount]), String(Math.floor(clients / receiverCount))]));
  await Promise.all(receivers.map((r) => reply(r)));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  console.log(`\nBroadcast floor: ${clients.toLocaleString('en-US')} raw TCP connections, ${senderCount} sending processes, ${receiverCount} receiving, one ${FRAME_BYTES}-byte frame each\n`);
  for (let round = 1; round <= Number(values.rounds); round++) {
    const at = Date.now() + 300;
    const cpu = Promise.all(senders.map((s) => reply<{ cpuMicrosPerWrite: number }>(s)));
    for (const s of senders) s.send({ at });
    const perWrite = (await cpu).map((m) => m.cpuMicrosPerWrite.toFixed(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const latencies = (await Promise.all(receivers.map((r) => {
      const answer = reply<{ latencies: number[] }>(r);
      r.send('report');
      return answer;
    }))).flatMap((m) => m.latencies).sort((a, b) => a - b);
    const at99 = latencies[Math.floor(latencies.length * 0.99)];
    console.log(`  round ${round}: ${latencies.length.toLocaleString('en-US')} delivered, p50 / p99 / max ${latencies[latencies.length >> 1]} / ${at99} / ${latencies.at(-1)} ms; sender CPU per write ${perWrite.join(', ')} µs`);
  }
  for (const child of [...senders, ...receivers]) child.kill();
  console.log('');
}
