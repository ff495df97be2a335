// The service under benchmark, in its own process so its CPU time is measured apart from the load.
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { newEvents, systemNow } from '../src/server/deps';
import { createAccount } from '../src/server/services/accounts';
import { openSqliteStore } from '../src/server/store/sqlite/open';

const dir = process.argv[2]!;
const store = openSqliteStore(join(dir, 'bench.sqlite'));
const acc = await createAccount(store, 'bench@example.com');
if (!acc.ok) throw new Error(acc.message);
const app = await buildApp({ store, config: { dataDir: dir }, now: systemNow, events: newEvents() });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, email: acc.email, key: acc.api_key });
process.on('message', () => void app.close().then(() => (store.close(), process.exit(0))));
