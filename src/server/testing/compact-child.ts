// The series compaction job's work in a process of its own, for the SIGKILL test of compaction
// (store/contract/series-compaction-crash.test.ts): opens the store that the JSON environment in
// argv[2] names, says "ready", compacts the hours before argv[3] (epoch seconds), says "done".
import { reopenTestStore } from '../store/test-store';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const before = Number(process.argv[3]);
const store = await reopenTestStore(env);
process.stdout.write('ready\n');
const moved = await store.labelledSeries.compact(before);
process.stdout.write(`done ${moved}\n`);
await store.close();
