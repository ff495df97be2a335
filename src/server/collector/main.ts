import { parseArgs } from 'node:util';
import { startCollector } from './agent';
import { joinOptionValues } from './cli-args';

const USAGE = `usage: npm run collector -- --url <base_url> --email <e> --key <k>
  [--guid-file <file>] [--state-dir <dir>] [--statsd-port <port, default 8125; 'off' disables>]
  [--interval <seconds between batches>] [--hostname <name>]`;

/** CLI of the Linux collector: monitors this host and uploads to the service until interrupted. */
function main() {
  const { values } = parseArgs({
    args: joinOptionValues(process.argv.slice(2)),
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      key: { type: 'string' },
      'guid-file': { type: 'string' },
      'state-dir': { type: 'string' },
      'statsd-port': { type: 'string' },
      interval: { type: 'string' },
      hostname: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const { url, email, key } = values;
  if (!url || !email || !key) throw new Error(`--url, --email and --key are required\n${USAGE}`);
  if (!/^https?:\/\//.test(url)) throw new Error(`--url must start with http:// or https://, got "${url}"`);
  const port = values['statsd-port'];
  const statsdPort = port === undefined ? 8125 : port === 'off' ? null : Number(port);
  if (statsdPort !== null && !(Number.isInteger(statsdPort) && statsdPort >= 0 && statsdPort <= 65535)) {
    throw new Error(`--statsd-port must be a port number or "off", got "${port}"`);
  }
  const interval = values.interval === undefined ? undefined : Number(values.interval);
  if (interval !== undefined && !(Number.isInteger(interval) && interval >= 1)) {
    throw new Error(`--interval must be a whole number of seconds, got "${values.interval}"`);
  }

  const c = startCollector({
    url,
    email,
    key,
    guidFile: values['guid-file'],
    stateDir: values['state-dir'],
    statsdPort,
    intervalSeconds: interval,
    hostname: values.hostname,
  });
  let stopping = false;
  c.ready.then(
    () => console.log(`collector: registered guid ${c.guid} as server ${c.status().serverId} at ${url}`),
    (err: unknown) => {
      if (stopping) return;
      console.error(`collector: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
  // Exits after ready's handlers: a collector that could not start exits 1 above, not 0 here.
  void c.done.then((why) => setImmediate(() => process.exit(why === 'gone' ? 3 : 0)));
  const stop = () => {
    stopping = true;
    void c.stop();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
