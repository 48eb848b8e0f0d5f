import http from 'node:http';
import { FOOTBALL_PRODUCT_CODE } from '@gp/common';
import { startAdjustmentWorker } from './admin/jobs.ts';
import { createAdjustmentService } from './admin/service.ts';
import { startQueueFeed } from './admin/feed.ts';
import { registerBackOfficeSources } from './back-office-sources.ts';
import { createQueueService } from './admin/queue.ts';
import { createStorage } from './platform/storage.ts';
import { createStaffService } from './staff/service.ts';
import { createApp } from './app.ts';
import { createAuthService } from './auth/service.ts';
import { depositQueryJob } from './payments/jobs.ts';
import { createDepositService } from './payments/service.ts';
import { createOidcService } from './auth/oidc-service.ts';
import { createAccountService } from './auth/account.ts';
import { createRecoveryService } from './auth/recovery.ts';
import { createSignupService } from './auth/signup.ts';
import { startMailWorker } from './mail/jobs.ts';
import { startIdentityHousekeeping } from './auth/identity-jobs.ts';
import { joinMembersRoom } from './inbox/members-room.ts';
import { createInboxService } from './inbox/service.ts';
import { createMessagingService } from './messaging/service.ts';
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
import { startLotteryDrawWorker } from './draw/jobs.ts';
import { createDrawService } from './draw/service.ts';
import { drawOrders } from './orders/draw-order.ts';
import { enqueueLotterySettlement, startLotterySettlementWorkers } from './settlement/draw-jobs.ts';
import { createDrawSettlementService } from './settlement/draw-settlement.ts';

export type Role = 'all' | 'api' | 'worker';

export function createServices(platform: Platform) {
  // Draw lotteries: one draw service shared by their orders and their settlement.
  const draws = createDrawService(platform, { afterDrawn: (drawId) => enqueueLotterySettlement(platform.queues, drawId) });
  return {
    draws,
    drawOrders: drawOrders(platform, draws),
    drawSettlement: createDrawSettlementService(platform, draws),
    auth: createAuthService(platform),
    account: createAccountService(platform, createAuthService(platform)),
    oidc: createOidcService(platform, createAuthService(platform)),
    recovery: createRecoveryService(platform),
    signup: createSignupService(platform, createAuthService(platform)),
    // Registers the outbox hook that turns order pushes into inbox messages, in every role.
    inbox: createInboxService(platform),
    messaging: createMessagingService(platform, { storage: createStorage(platform.config) }),
    pins: createPinService(platform),
    staff: createStaffService(platform, createAuthService(platform)),
    queue: createQueueService(platform, { orders: createOrderService(platform), storage: createStorage(platform.config) }),
    keno: createKenoService(platform, { afterDrawn: (drawId) => enqueueSettlement(platform.queues, drawId) }),
    orders: createOrderService(platform),
    settlement: createSettlementService(platform),
    footballSettlement: createFootballSettlementService(platform),
    football: createFootballService(platform, { afterResulted: (eventId) => enqueueFootballSettlement(platform.queues, eventId) }),
    deposits: createDepositService(platform),
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
  registerBackOfficeSources(services);
  // Deposits: the providers (and, for test payments, the local provider sandbox) before any worker or route uses them.
  await services.deposits.start({ serveSandbox: role !== 'worker' });
  if (role !== 'api') {
    await depositQueryJob.start(platform, { deposits: services.deposits });
    await startMaintenance(platform);
    await startMailWorker(platform);
    await startIdentityHousekeeping(platform, services);
    await startAdjustmentWorker(platform, createAdjustmentService(platform));
    await startKenoDrawWorker(platform, services.keno);
    await startOrderWorkers(platform, services.orders);
    await startSettlementWorkers(platform, services.settlement);
    await startFootballSettlementWorkers(platform, services.footballSettlement);
    await startFootballWorkers(platform, services.football);
    await startLotteryDrawWorker(platform, services.draws);
    await startLotterySettlementWorkers(platform, services.drawSettlement);
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
      productCodes: [...services.keno.products().map((product) => product.code), ...services.draws.products().map((product) => product.code)],
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
    const io = gateway.io;
    const stopQueueFeed = startQueueFeed({ onConnection: (handler) => io.on('connection', handler), emitLocal: (room, payload) => io.local.to(room).emit('queue_changed', payload) }, platform.bus, platform.now);
    httpServer.once('close', stopQueueFeed);
    joinMembersRoom({ onConnection: (handler) => io.on('connection', handler) });
    await new Promise<void>((resolve, reject) => {
      httpServer!.once('error', reject);
      httpServer!.listen(port, host, () => resolve());
    });
    const address = httpServer.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${actualPort}`;
    services.deposits.runtime.setListenOrigin(url);
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
      await services.deposits.close();
      await platform.close();
    },
  };
}
