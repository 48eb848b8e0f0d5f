import { describe, expect, it } from 'vitest';
import { manualGateway, purchaseGateway, simulatedGateway } from '../../src/orders/gateway.ts';
import { autoNumbers } from '../../src/orders/service.ts';

describe('purchase gateways', () => {
  const order = { id: '42', issue: '3150001', product_code: 'CAB01' };

  it('simulated: waits its latency, then returns SIM-<issue>-<id>-<random>', async () => {
    const started = Date.now();
    const a = await simulatedGateway({ latencyMs: 50, failureRate: 0 }).purchase(order);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const b = await simulatedGateway({ latencyMs: 0, failureRate: 0 }).purchase(order);
    expect(a?.ticketRef).toMatch(/^SIM-3150001-42-[0-9a-f]{8}$/);
    expect(a?.ticketRef).not.toBe(b?.ticketRef);
  });

  it('simulated: a failure throws, so the queue retries the job', async () => {
    await expect(simulatedGateway({ latencyMs: 0, failureRate: 1 }).purchase(order)).rejects.toThrow(/simulated purchase failure/);
  });

  it('manual: buys nothing (the back office confirms); config picks the gateway', async () => {
    expect(await manualGateway.purchase(order)).toBeNull();
    expect(purchaseGateway({ PURCHASE_GATEWAY: 'manual', PURCHASE_LATENCY_MS: 0, PURCHASE_FAILURE_RATE: 0 }).kind).toBe('manual');
    expect(purchaseGateway({ PURCHASE_GATEWAY: 'simulated', PURCHASE_LATENCY_MS: 0, PURCHASE_FAILURE_RATE: 0 }).kind).toBe('simulated');
  });

  it('auto picks are distinct, in range and sorted', () => {
    for (let i = 0; i < 200; i++) {
      const numbers = autoNumbers(10, 80);
      expect(new Set(numbers).size).toBe(10);
      expect(numbers.every((n) => n >= 1 && n <= 80)).toBe(true);
      expect([...numbers].sort((x, y) => x - y)).toEqual(numbers);
    }
  });
});
