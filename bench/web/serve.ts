// The real service for the dashboard benchmark, in its own process: buildApp over a temporary SQLite
// file, serving the web build of argv[3] at / (as `npm start` serves dist/).
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { newEvents, systemNow } from '../../src/server/deps';
import { createAccount } from '../../src/server/services/accounts';
import { openSqliteStore } from '../../src/server/store/sqlite/open';

const [dir, webDir] = [process.argv[2]!, process.argv[3]!];
const store = openSqliteStore(join(dir, 'bench.sqlite'));
const acc = await createAccount(store, 'bench-web@example.com');
if (!acc.ok) throw new Error(acc.message);
// A second account for the demo fleet of the graph figures, so the fleet overview's count stays its own.
const demo = await createAccount(store, 'bench-demo@example.com');
if (!demo.ok) throw new Error(demo.message);
const app = await buildApp({ store, config: { dataDir: dir, webDir }, now: systemNow, events: newEvents() });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, email: acc.email, key: acc.api_key, demo: { email: demo.email, apiKey: demo.api_key } });
process.on('message', () => void app.close().then(() => (store.close(), process.exit(0))));
