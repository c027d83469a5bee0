import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Two-level cache of rendered images: a small in-memory LRU in front of files on disk. Concurrent requests
 * for the same key share one render. A producer answering null (unknown item) is not cached.
 */
export class ImageCache {
  private readonly memory = new Map<string, Buffer>();
  private readonly inflight = new Map<string, Promise<Buffer | null>>();

  constructor(
    /** Directory of the disk cache, or null for memory only. */
    readonly dir: string | null,
    private readonly maxEntries = 256,
    private readonly onDiskError: (err: unknown) => void = () => {},
  ) {}

  async get(key: string, produce: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const hit = this.memory.get(key);
    if (hit) {
      // refresh its place in the LRU order
      this.memory.delete(key);
      this.memory.set(key, hit);
      return hit;
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const work = this.load(key, produce).finally(() => this.inflight.delete(key));
    this.inflight.set(key, work);
    return work;
  }

  /**
   * The file of a key: keys are `kind/name` (a JPEG) or `webp/kind/name`, with names already restricted to
   * [A-Za-z0-9._-].
   */
  fileOf(key: string): string | null {
    return this.dir ? path.join(this.dir, key.startsWith('webp/') ? `${key}.webp` : `${key}.jpg`) : null;
  }

  private async load(key: string, produce: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const file = this.fileOf(key);
    if (file) {
      try {
        const bytes = await readFile(file);
        this.remember(key, bytes);
        return bytes;
      } catch {
        // not cached yet
      }
    }
    const bytes = await produce();
    if (!bytes) return null;
    this.remember(key, bytes);
    if (file) {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, file); // atomic: readers never see half a file
      } catch (err) {
        this.onDiskError(err);
      }
    }
    return bytes;
  }

  private remember(key: string, bytes: Buffer) {
    this.memory.set(key, bytes);
    while (this.memory.size > this.maxEntries) {
      const oldest = this.memory.keys().next().value;
      if (oldest === undefined) break;
      this.memory.delete(oldest);
    }
  }
}
