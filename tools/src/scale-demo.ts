/**
 * npm run scale-demo -- [--instances 2] [--port 8080] [--database URL] [--redis URL]
 *
 * The shop past one machine, on this one: N API processes on PostgreSQL behind nginx (Debian's package,
 * installed when missing; config in ops/nginx), Redis for the request rate limit, forwarded client addresses
 * trusted from nginx only. Ctrl-C stops everything.
 */
import { parseArgs } from 'node:util';
import { startScaleDemo } from './scale/scale.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/mitrebox_scale' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});

const demo = await startScaleDemo({
  instances: Number(values.instances),
  port: Number(values.port),
  databaseUrl: values.database,
  redisUrl: values.redis,
  log: (line) => console.log(line),
});
console.log(`\nMitrebox on ${demo.instanceUrls.length} processes behind nginx: ${demo.url}  (Ctrl-C stops)`);
const shutdown = async () => {
  await demo.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
