import http from 'node:http';
import { FOOTBALL_PRODUCT_CODE } from '@gp/common';
import { startAdjustmentWorker } from './admin/jobs.ts';
import { createAdjustmentService } from './admin/service.ts';
import { createApp } from './app.ts';
import { createAuthService } from './auth/service.ts';
import { startKenoClocks, type KenoClocks } from './keno/clocks.ts';
import { startKenoDrawWorker } from './keno/jobs.ts';
import { createKenoService } from './keno/service.ts';
import { startMaintenance } from './maintenance/jobs.ts';
import type { Platform } from './platform/platform.ts';
import { createPinService } from './pins/service.ts';
import { createRealtimeGateway, publicChannels, type RealtimeGateway } from './realtime/gateway.ts';
import { startOrderWorkers } from './orders/jobs.ts';
import { createOrderService } from './orders/service.ts';
import { enqueueSettlement, startSettlementWorkers } from './settlement/jobs.ts';
import { createSettlementService } from './settlement/service.ts';
import { enqueueFootballSettlement, startFootballSettlementWorkers } from './settlement/football-jobs.ts';
import { createFootballSettlementService } from './settlement/football-settlement.ts';
import { startFootballWorkers } from './football/jobs.ts';
import { createFootballService } from './football/service.ts';

export type Role = 'all' | 'api' | 'worker';

export function createServices(platform: Platform) {
  return {
    auth: createAuthService(platform),
    pins: createPinService(platform),
    keno: createKenoService(platform, { afterDrawn: (drawId) => enqueueSettlement(platform.queues, drawId) }),
    orders: createOrderService(platform),
    settlement: createSettlementService(platform),
    footballSettlement: createFootballSettlementService(platform),
    football: createFootballService(platform, { afterResulted: (eventId) => enqueueFootballSettlement(platform.queues, eventId) }),
  };
}

export interface RunningServer {
  url: string | undefined;
  services: ReturnType<typeof createServices>;
  /** The Socket.IO edge of an api node (undefined for a worker). */
  gateway: RealtimeGateway | undefined;
  /** Workers first (active jobs finish), then HTTP and sockets, then the infrastructure. */
  stop(): Promise<void>;
}

/** Starts what `role` asks for on an existing platform: HTTP + sockets (api) and/or workers. */
export async function startServer(platform: Platform, role: Role, port: number, host: string): Promise<RunningServer> {
  const services = createServices(platform);
  if (role !== 'api') {
    await startMaintenance(platform);
    await startAdjustmentWorker(platform, createAdjustmentService(platform));
    await startKenoDrawWorker(platform, services.keno);
    await startOrderWorkers(platform, services.orders);
    await startSettlementWorkers(platform, services.settlement);
    await startFootballSettlementWorkers(platform, services.footballSettlement);
    await startFootballWorkers(platform, services.football);
  }
  let httpServer: http.Server | undefined;
  let gateway: RealtimeGateway | undefined;
  let url: string | undefined;
  let clocks: KenoClocks | undefined;
  if (role !== 'worker') {
    clocks = await startKenoClocks(platform, services.keno);
    httpServer = http.createServer(createApp(platform, { ...services, clocks }));
    // Sockets may join only channels that exist: keno products on sale, the football feed and its events.
    const channels = publicChannels({
      productCodes: services.keno.products().map((product) => product.code),
      footballProduct: FOOTBALL_PRODUCT_CODE,
      eventExists: (id) => services.football.eventExists(id),
    });
    gateway = createRealtimeGateway(httpServer, {
      auth: services.auth,
      bus: platform.bus,
      logger: platform.logger,
      config: platform.config,
      channelExists: channels.exists,
      channelPublished: channels.published,
    });
    clocks.attach(gateway);
    await new Promise<void>((resolve, reject) => {
      httpServer!.once('error', reject);
      httpServer!.listen(port, host, () => resolve());
    });
    const address = httpServer.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${actualPort}`;
  }
  return {
    url,
    services,
    gateway,
    async stop() {
      clocks?.stop();
      await platform.queues.close(platform.config.SHUTDOWN_TIMEOUT_MS);
      await gateway?.close();
      if (httpServer) {
        httpServer.closeIdleConnections();
        await new Promise<void>((resolve) => httpServer!.close(() => resolve()));
      }
      await platform.close();
    },
  };
}
