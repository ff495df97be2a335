import { open, stat, type FileHandle } from 'node:fs/promises';

/** Options of a file tail. */
export interface TailOptions {
  /** Milliseconds between checks of the file. */
  pollMs?: number;
  /** Start at the beginning of the file instead of its end (default: end, so history is not replayed). */
  fromStart?: boolean;
}

/** A running tail. */
export interface FileTail {
  close(): Promise<void>;
  /** How many checks of the file have completed (what tests wait on, instead of a time). */
  checks(): number;
}

/**
 * Follows a file by polling, like `tail -F`: it survives rotation (the path gets a new inode: the rest of
 * the old file is read, then the new one from its start) and truncation (the size drops below the offset).
 * A missing file is waited for.
 */
export function tailFile(path: string, onLine: (line: string) => void, opts: TailOptions = {}): FileTail {
  let fh: FileHandle | null = null;
  let ino = -1;
  let pos = 0;
  let partial = '';
  let closed = false;
  let first = true;
  let running: Promise<void> = Promise.resolve();
  let checks = 0;

  const readToEnd = async () => {
    if (!fh) return;
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const lines = (partial + buf.subarray(0, bytesRead).toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) if (l.replace(/\r$/, '')) onLine(l.replace(/\r$/, ''));
    }
  };

  const check = async () => {
    await readToEnd();
    const atStart = first;
    first = false;
    let st;
    try {
      st = await stat(path);
    } catch {
      return; // rotated away and not yet recreated
    }
    if (st.ino !== ino) {
      // Lines may have reached the old file between the read above and the stat (logrotate's
      // postrotate writes, a writer still holding it): read them before letting it go.
      await readToEnd();
      await fh?.close();
      fh = null;
      try {
        fh = await open(path, 'r');
      } catch {
        return;
      }
      ino = st.ino;
      pos = atStart && !opts.fromStart ? st.size : 0;
      partial = '';
    } else if (st.size < pos) {
      pos = 0;
      partial = '';
    }
    await readToEnd();
  };

  const tick = () => {
    running = running
      .then(check)
      .catch(() => undefined)
      .then(() => void checks++);
  };
  tick();
  const timer = setInterval(() => {
    if (!closed) tick();
  }, opts.pollMs ?? 1000);

  return {
    checks: () => checks,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      await fh?.close();
      fh = null;
    },
  };
}
