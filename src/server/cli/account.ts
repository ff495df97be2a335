import { parseArgs } from 'node:util';
import { readEnv, storeSettings } from '../config';
import { createAccount } from '../services/accounts';
import { openStore } from '../store/open';

const USAGE = 'usage: npm run account -- create --email <address>';

/** `account create --email X`: creates a tenant and prints {"email", "api_key"} as one JSON line. */
async function main(argv: string[]) {
  const { positionals, values } = parseArgs({ args: argv, options: { email: { type: 'string' } }, allowPositionals: true });
  if (positionals[0] !== 'create' || !values.email) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  const { store } = await openStore(storeSettings(env));
  try {
    const r = await createAccount(store, values.email);
    if (!r.ok) {
      console.error(`error: ${r.message}`);
      return 1;
    }
    console.log(JSON.stringify({ email: r.email, api_key: r.api_key }));
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
